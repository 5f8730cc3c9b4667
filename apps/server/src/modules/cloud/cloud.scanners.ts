import type { CheckMeta, Provider, Scanner } from '@netguard/cloud';
import { CLOUD_PROVIDER_LABELS } from '@netguard/contracts';
import { AppError } from '../../lib/errors.ts';

/** The provider modules of @netguard/cloud the server scans with (tests point them at fakes). */
export type CloudScanners = { [P in Provider]?: Scanner<P> };

/** The library's provider modules. */
export const LIBRARY_SCANNERS: CloudScanners = {};

/** The provider's scanner; a build without it answers 503. */
export function scannerOf<P extends Provider>(scanners: CloudScanners, provider: P): Scanner<P> {
  const scanner = scanners[provider] as Scanner<P> | undefined;
  if (!scanner)
    throw new AppError(
      'service_unavailable',
      503,
      `${CLOUD_PROVIDER_LABELS[provider]} scanning is not available in this build`,
    );
  return scanner;
}

/**
 * The checks behind each service of the spec's service scans: by SDK service (CheckMeta.service)
 * and, where the spec's scan type is narrower (EC2 security_groups), by resource type. The same
 * selection as the library's AWS_SCAN_TYPES, AZURE_SCAN_SERVICES and GCP_SCAN_SERVICES.
 */
const SERVICE_CHECKS: Record<string, { sdks: string[]; resourceType?: string }> = {
  'aws:ec2': { sdks: ['ec2'], resourceType: 'ec2_security_group' },
  'aws:s3': { sdks: ['s3'] },
  'aws:iam': { sdks: ['iam'] },
  'azure:resource-groups': { sdks: ['resources'] },
  'azure:network-security-groups': { sdks: ['network'] },
  'azure:key-vault': { sdks: ['keyvault'] },
  'gcp:compute-engine': { sdks: ['compute'] },
  'gcp:cloud-storage': { sdks: ['storage'] },
  'gcp:iam': { sdks: ['iam'] },
};

/** Check ids of one spec service (`ec2`, `key-vault`...); every check of the provider without one. */
export function checksOf(
  checks: CheckMeta[],
  provider: Provider,
  service: string | null,
): string[] {
  if (!service) return checks.map((c) => c.id);
  const wanted = SERVICE_CHECKS[`${provider}:${service}`];
  if (!wanted) return [];
  return checks
    .filter(
      (c) =>
        wanted.sdks.includes(c.service) &&
        (!wanted.resourceType || c.resourceType === wanted.resourceType),
    )
    .map((c) => c.id);
}
