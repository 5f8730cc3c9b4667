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

/** The SDK services (CheckMeta.service) behind each service of the spec's service scans. */
const SERVICE_SDKS: Record<string, string[]> = {
  'aws:ec2': ['ec2'],
  'aws:s3': ['s3', 's3control'],
  'aws:iam': ['iam'],
  'azure:resource-groups': ['resources'],
  'azure:network-security-groups': ['network'],
  'azure:key-vault': ['keyvault'],
  'gcp:compute-engine': ['compute'],
  'gcp:cloud-storage': ['storage'],
  'gcp:iam': ['iam', 'cloudresourcemanager', 'resourcemanager'],
};

const normal = (name: string) => name.toLowerCase().replace(/[^a-z0-9]/g, '');

/** Check ids of one spec service (`ec2`, `key-vault`...); every check of the provider without one. */
export function checksOf(
  checks: CheckMeta[],
  provider: Provider,
  service: string | null,
): string[] {
  if (!service) return checks.map((c) => c.id);
  const sdks = (SERVICE_SDKS[`${provider}:${service}`] ?? []).map(normal);
  return checks.filter((c) => sdks.includes(normal(c.service))).map((c) => c.id);
}
