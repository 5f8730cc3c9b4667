// Compliance evidence (issue 34, spec part 2 "Compliance Evidence Collection page" and §7's
// get-compliance-frameworks, collect-compliance-evidence, generate-compliance-report,
// schedule-evidence-collection, validate-evidence, get-compliance-dashboard,
// export-evidence-package, get-audit-readiness): what the API takes.
import { z } from 'zod';
import { textField } from './text-field.ts';

/** The frameworks of packages/evidence, by their catalogue ids. */
export const COMPLIANCE_FRAMEWORK_IDS = ['soc2', 'iso27001', 'nist', 'gdpr', 'hipaa'] as const;
export type TComplianceFrameworkId = (typeof COMPLIANCE_FRAMEWORK_IDS)[number];

/** Spec §4: valid (green check), expired (red), pending_review (yellow). */
export const EVIDENCE_STATUSES = ['valid', 'expired', 'pending_review'] as const;
export type TEvidenceStatus = (typeof EVIDENCE_STATUSES)[number];

export const REQUIREMENT_STATUSES = [
  'compliant',
  'partially_compliant',
  'non_compliant',
  'not_assessed',
  'not_applicable',
] as const;
export type TRequirementStatus = (typeof REQUIREMENT_STATUSES)[number];

/** How a requirement gets its evidence. */
export const COVERAGE_CLASSES = ['automated', 'cloud', 'manual', 'not_applicable'] as const;
export type TCoverageClass = (typeof COVERAGE_CLASSES)[number];

export const EVIDENCE_OUTCOMES = ['satisfied', 'partial', 'not_satisfied'] as const;

/** Collection Schedule choices; defaults SOC 2 weekly, ISO 27001 monthly (spec). */
export const COLLECTION_FREQUENCIES = ['daily', 'weekly', 'monthly', 'quarterly'] as const;
export type TCollectionFrequency = (typeof COLLECTION_FREQUENCIES)[number];
export const DEFAULT_SCHEDULES: readonly {
  frameworkId: TComplianceFrameworkId;
  frequency: TCollectionFrequency;
}[] = [
  { frameworkId: 'soc2', frequency: 'weekly' },
  { frameworkId: 'iso27001', frequency: 'monthly' },
];

export const EVIDENCE_RUN_STATUSES = ['queued', 'running', 'completed', 'failed'] as const;

/** Server messages of the compliance API (the page's toasts are spec §8's). */
export const EVIDENCE_TEXT = {
  denied: 'Insufficient permissions for compliance evidence',
  adminsOnly: 'Only administrators can configure evidence collection and upload evidence',
  notFound: 'Evidence not found',
  runNotFound: 'Collection run not found',
  reportNotFound: 'Compliance report not found',
  unknownFramework: (id: string) => `Unknown compliance framework "${id}"`,
  unknownRequirement: (framework: string, id: string) =>
    `Unknown requirement "${id}" in ${framework}`,
  unknownCollector: (id: string) => `Unknown evidence collector "${id}"`,
  requirementNeedsFramework: 'requirementId needs a frameworkId',
  noCollector: (ref: string) => `No collector gathers evidence for ${ref}: upload it instead`,
  alreadyReviewed: 'This evidence was already reviewed',
  noReviewNeeded: 'Collected evidence needs no review',
  emptyRequirements: 'Name at least one requirement the evidence serves',
} as const;

const flag = z
  .enum(['true', 'false'], { message: 'Must be true or false' })
  .transform((v) => v === 'true');

export const ZComplianceFrameworkId = z.enum(COMPLIANCE_FRAMEWORK_IDS, {
  message: `frameworkId must be one of ${COMPLIANCE_FRAMEWORK_IDS.join(', ')}`,
});
/** A requirement's official identifier, e.g. `CC6.1`, `A.8.5`, `164.312(d)`, `Art. 32`. */
export const ZRequirementId = textField()
  .trim()
  .min(1, 'requirementId is required')
  .max(40, 'requirementId is too long');
/** `framework:id`, as evidence items and packages name requirements. */
export const ZRequirementRef = textField()
  .trim()
  .max(60, 'Requirement reference is too long')
  .regex(/^(soc2|iso27001|nist|gdpr|hipaa):.+$/, 'Requirement references look like soc2:CC6.1');

export const ZEvidenceIdParams = z.object({ id: z.uuid('Invalid evidence id') });
export const ZComplianceReportIdParams = z.object({ id: z.uuid('Invalid report id') });
export const ZEvidenceRunIdParams = z.object({ id: z.uuid('Invalid run id') });

/** get-compliance-frameworks {includeRequirements}. */
export const ZComplianceFrameworksQuery = z.object({ includeRequirements: flag.default(false) });

/** collect-compliance-evidence {requirementId, options}: a framework, one requirement, or all. */
export const ZCollectEvidence = z
  .object({
    frameworkId: ZComplianceFrameworkId.optional(),
    requirementId: ZRequirementId.optional(),
    options: z
      .object({ collectorIds: z.array(textField().max(60)).max(100).optional() })
      .optional(),
    timestamp: textField().max(40).optional(),
  })
  .refine((b) => !b.requirementId || b.frameworkId, {
    message: EVIDENCE_TEXT.requirementNeedsFramework,
    path: ['frameworkId'],
  });
export type TCollectEvidence = z.infer<typeof ZCollectEvidence>;

/** generate-compliance-report {frameworkId, options}. */
export const ZGenerateComplianceReport = z.object({
  frameworkId: ZComplianceFrameworkId,
  options: z.object({ title: textField().trim().min(1).max(200).optional() }).optional(),
  timestamp: textField().max(40).optional(),
});
export type TGenerateComplianceReport = z.infer<typeof ZGenerateComplianceReport>;

export const ZComplianceReportDownloadQuery = z.object({
  format: z.enum(['pdf', 'json'], { message: 'format must be pdf or json' }).default('pdf'),
});

/** schedule-evidence-collection {frameworkId, schedule}; or one collector's schedule. */
export const ZScheduleEvidenceCollection = z
  .object({
    frameworkId: ZComplianceFrameworkId.optional(),
    collectorId: textField().trim().min(1).max(60).optional(),
    schedule: z.object({
      frequency: z.enum(COLLECTION_FREQUENCIES, {
        message: `frequency must be one of ${COLLECTION_FREQUENCIES.join(', ')}`,
      }),
      enabled: z.boolean().default(true),
    }),
    timestamp: textField().max(40).optional(),
  })
  .refine((b) => Boolean(b.frameworkId) !== Boolean(b.collectorId), {
    message: 'Name either a frameworkId or a collectorId',
    path: ['frameworkId'],
  });
export type TScheduleEvidenceCollection = z.infer<typeof ZScheduleEvidenceCollection>;

/** validate-evidence {evidenceId, checkIntegrity, checkExpiration}. */
export const ZValidateEvidence = z.object({
  evidenceId: z.uuid('evidenceId must be a UUID'),
  checkIntegrity: z.boolean().default(true),
  checkExpiration: z.boolean().default(true),
  timestamp: textField().max(40).optional(),
});
export type TValidateEvidence = z.infer<typeof ZValidateEvidence>;

/** get-compliance-dashboard {frameworkIds, includeMetrics, includeTrends} as a query. */
export const ZComplianceDashboardQuery = z.object({
  frameworkIds: textField()
    .max(100)
    .optional()
    .transform((v, ctx) => {
      if (!v) return [...COMPLIANCE_FRAMEWORK_IDS];
      const ids = v.split(',').map((s) => s.trim());
      const bad = ids.find((id) => !(COMPLIANCE_FRAMEWORK_IDS as readonly string[]).includes(id));
      if (bad) ctx.addIssue({ code: 'custom', message: `Unknown compliance framework "${bad}"` });
      return ids as TComplianceFrameworkId[];
    }),
  includeMetrics: flag.default(true),
  includeTrends: flag.default(false),
});

/** export-evidence-package {frameworkId, format, options}. */
export const ZExportEvidencePackage = z.object({
  frameworkId: ZComplianceFrameworkId.optional(),
  format: z.enum(['zip'], { message: 'format must be zip' }).default('zip'),
  options: z.object({ includeExpired: z.boolean().default(false) }).optional(),
  timestamp: textField().max(40).optional(),
});
export type TExportEvidencePackage = z.infer<typeof ZExportEvidencePackage>;

/** get-audit-readiness {frameworkId, includeProjections}. */
export const ZAuditReadinessQuery = z.object({
  frameworkId: ZComplianceFrameworkId,
  includeProjections: flag.default(true),
});

export const ZEvidenceListQuery = z.object({
  frameworkId: ZComplianceFrameworkId.optional(),
  requirementId: ZRequirementId.optional(),
  status: z.enum(EVIDENCE_STATUSES).optional(),
  limit: z.coerce.number().int().min(1).max(500).default(100),
  offset: z.coerce.number().int().min(0).max(1_000_000).default(0),
});

/** Upload (admins): the file is the body (raw or multipart); these describe it. */
export const ZEvidenceUploadQuery = z.object({
  name: textField().trim().min(1, 'name is required').max(255, 'name is too long'),
  title: textField().trim().min(1, 'title is required').max(200, 'title is too long'),
  type: z
    .enum(['policy_document', 'screenshot', 'procedure', 'attestation', 'other'])
    .default('policy_document'),
  requirementIds: textField()
    .max(2000)
    .transform((v) =>
      v
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean),
    )
    .pipe(z.array(ZRequirementRef).min(1, EVIDENCE_TEXT.emptyRequirements).max(50)),
  observedAt: z.iso.datetime({ message: 'observedAt must be an ISO date-time' }).optional(),
  validDays: z.coerce.number().int().min(1).max(1095).default(365),
});
export type TEvidenceUploadQuery = z.infer<typeof ZEvidenceUploadQuery>;
