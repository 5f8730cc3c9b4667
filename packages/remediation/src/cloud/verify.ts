// Verification: the one check re-run through the provider's scanner; fixed only when the scan was
// complete and no finding of that check names the resource.
import {
  type CredentialsOf,
  createAzureScanner,
  createGcpScanner,
  type Provider,
  SCANNERS,
  type Scanner,
} from '@netguard/cloud';
import { RemediationError, type Verification } from '../execution.ts';
import type { CloudOptions } from './types.ts';

function scannerFor<P extends Provider>(provider: P, options: CloudOptions): Scanner<P> {
  const transport = options.transport;
  if (!transport) return SCANNERS[provider];
  if (provider === 'azure') return createAzureScanner(transport) as unknown as Scanner<P>;
  if (provider === 'gcp') return createGcpScanner(transport) as unknown as Scanner<P>;
  return SCANNERS[provider];
}

export async function verifyCloudCheck<P extends Provider>(
  provider: P,
  credentials: CredentialsOf[P],
  checkId: string,
  resourceId: string,
  options: CloudOptions = {},
): Promise<Verification> {
  const { transport: _t, onCaptured: _c, ...scanOptions } = options;
  const results = await scannerFor(provider, options)
    .scan(credentials, { ...scanOptions, checks: [checkId] })
    .catch((error: unknown) => {
      throw new RemediationError('cloud_call_failed', (error as Error).message ?? String(error));
    });
  const findings = results
    .flatMap((r) => r.findings)
    .filter((f) => f.checkId === checkId && f.resourceId === resourceId);
  const gaps = results
    .flatMap((r) => r.gaps)
    .filter((g) => !g.checks || g.checks.includes(checkId));
  const at = (options.now?.() ?? new Date()).toISOString();
  if (findings.length)
    return {
      checkId,
      fixed: false,
      evidence: findings.map((f) => `${f.detail} ${JSON.stringify(f.evidence)}`).join('\n'),
      at,
    };
  if (gaps.length)
    return {
      checkId,
      fixed: false,
      evidence: `not verified, the scan could not read: ${gaps.map((g) => `${g.operation}: ${g.message}`).join('; ')}`,
      at,
    };
  return { checkId, fixed: true, evidence: 'no finding', at };
}
