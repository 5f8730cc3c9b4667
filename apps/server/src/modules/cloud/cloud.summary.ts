import type { ScanResult } from '@netguard/cloud';
import type { TCloudCallSummary, TCloudGap } from '@netguard/contracts';

/** partial when any account's scan had a gap, failed when any found something, else passed. */
export function overallStatus(results: ScanResult[]): 'passed' | 'failed' | 'partial' {
  if (results.some((r) => r.status === 'partial')) return 'partial';
  return results.some((r) => r.status === 'failed') ? 'failed' : 'passed';
}

export const toGap = (gap: ScanResult['gaps'][number]): TCloudGap => ({
  service: gap.service,
  region: gap.region,
  operation: gap.operation,
  outcome: gap.outcome,
  message: gap.message ?? null,
  checks: gap.checks ?? [],
});

export function summarizeCalls(results: ScanResult[]): TCloudCallSummary {
  const summary: TCloudCallSummary = {
    total: 0,
    ok: 0,
    denied: 0,
    throttled: 0,
    timeout: 0,
    error: 0,
  };
  for (const call of results.flatMap((r) => r.calls)) {
    summary.total++;
    summary[call.outcome]++;
  }
  return summary;
}
