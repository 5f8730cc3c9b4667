import { z } from 'zod';

/** Compliance frameworks a cloud check maps to, in the order they are shown. */
export const CLOUD_FRAMEWORKS = ['soc2', 'iso27001', 'nist_csf', 'hipaa', 'gdpr'] as const;
export type TCloudFramework = (typeof CLOUD_FRAMEWORKS)[number];

export const CLOUD_FRAMEWORK_LABELS: Record<TCloudFramework, string> = {
  soc2: 'SOC 2',
  iso27001: 'ISO 27001',
  nist_csf: 'NIST CSF',
  hipaa: 'HIPAA',
  gdpr: 'GDPR',
};

/** The control ids of each framework a check supports (packages/cloud catalogs). */
export const ZFrameworkRefs = z.object({
  soc2: z.array(z.string()),
  iso27001: z.array(z.string()),
  nist_csf: z.array(z.string()),
  hipaa: z.array(z.string()),
  gdpr: z.array(z.string()),
});
export type TFrameworkRefs = z.infer<typeof ZFrameworkRefs>;

/** The frameworks that name at least one control, each with its label and controls. */
export function frameworkList(refs: TFrameworkRefs | null) {
  if (!refs) return [];
  return CLOUD_FRAMEWORKS.filter((f) => refs[f].length > 0).map((f) => ({
    framework: f,
    label: CLOUD_FRAMEWORK_LABELS[f],
    controls: refs[f],
  }));
}

/**
 * The references in one line, for a CSV cell.
 * @example frameworkText(refs) // "SOC 2 CC6.1, CC6.6; ISO 27001 A.8.20; GDPR Art. 32"
 */
export function frameworkText(refs: TFrameworkRefs | null): string {
  return frameworkList(refs)
    .map((f) => `${f.label} ${f.controls.join(', ')}`)
    .join('; ');
}
