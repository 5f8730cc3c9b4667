import {
  type CheckMeta,
  type CredentialsOf,
  type Provider,
  SCANNERS,
  type Scanner,
  serviceScanChecks,
} from '@netguard/cloud';
import { CLOUD_PROVIDER_LABELS } from '@netguard/contracts';
import type { CloudEndpoints } from '../../config.ts';
import { AppError } from '../../lib/errors.ts';

/** The provider modules of @netguard/cloud the server scans with (tests point them at fakes). */
export type CloudScanners = { [P in Provider]?: Scanner<P> };

/** A scanner whose every call carries `extra` on top of the stored credentials. */
function reaching<P extends Provider>(
  scanner: Scanner<P>,
  extra: Partial<CredentialsOf[P]>,
): Scanner<P> {
  return {
    ...scanner,
    verify: (credentials, options) => scanner.verify({ ...credentials, ...extra }, options),
    scan: (credentials, options) => scanner.scan({ ...credentials, ...extra }, options),
  };
}

const defined = <T extends object>(o: T) =>
  Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as Partial<T>;

/**
 * The scanners the deployment runs: the library's (or the given ones), reaching each provider
 * where the configuration says (CLOUD_*), its public endpoints otherwise.
 */
export function configuredScanners(
  endpoints: CloudEndpoints,
  scanners: { [P in Provider]: Scanner<P> } = SCANNERS,
): CloudScanners {
  return {
    aws: reaching(scanners.aws, defined({ endpoint: endpoints.aws })),
    azure: reaching(
      scanners.azure,
      defined({
        authorityHost: endpoints.azureAuthority,
        resourceManagerEndpoint: endpoints.azureArm,
      }),
    ),
    gcp: reaching(scanners.gcp, defined({ apiEndpoint: endpoints.gcpApi })),
  };
}

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

/** Check ids of one spec service (`ec2`, `key-vault`...) among the scanner's checks; all without one. */
export function checksOf(
  checks: CheckMeta[],
  provider: Provider,
  service: string | null,
): string[] {
  if (!service) return checks.map((c) => c.id);
  const wanted = new Set(serviceScanChecks(provider, service));
  return checks.filter((c) => wanted.has(c.id)).map((c) => c.id);
}
