import { AWS_CHECKS, AZURE_CHECKS, GCP_CHECKS } from '@netguard/cloud';
import type { TFrameworkRefs } from '@netguard/contracts';

const BY_CHECK = new Map<string, TFrameworkRefs>(
  [...AWS_CHECKS, ...AZURE_CHECKS, ...GCP_CHECKS].map((c) => [c.id, c.frameworks]),
);

const NONE: TFrameworkRefs = { soc2: [], iso27001: [], nist_csf: [], hipaa: [], gdpr: [] };

/**
 * The framework controls of a cloud check, read from the library's catalogs when the finding is
 * shown (so a catalog update reaches findings stored before it); no controls for an unknown id.
 */
export const cloudFrameworksOf = (checkId: string): TFrameworkRefs => BY_CHECK.get(checkId) ?? NONE;

/** The vulnerability type of every cloud finding. */
export const CLOUD_VULNERABILITY_TYPE = 'cloud_misconfiguration';

/** A vulnerability's framework controls: its cloud check's, null for a finding of another source. */
export function vulnerabilityFrameworks(row: {
  vulnerabilityType: string;
  checkId: string | null;
}): TFrameworkRefs | null {
  return row.vulnerabilityType === CLOUD_VULNERABILITY_TYPE && row.checkId
    ? cloudFrameworksOf(row.checkId)
    : null;
}
