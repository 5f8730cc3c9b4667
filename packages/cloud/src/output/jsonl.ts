// JSON lines: one line per finding (with its check's title and severity), one per API call, one
// coverage line per account scanned and a closing summary.
import type { CheckMeta, ScanResult, Severity } from '../types.ts';
import { SEVERITIES } from '../types.ts';
import { fingerprintOf, metaIndex, overallStatus } from './common.ts';

export function toJsonLines(
  results: readonly ScanResult[],
  checks: readonly CheckMeta[],
): string[] {
  const meta = metaIndex(checks);
  const bySeverity = Object.fromEntries(SEVERITIES.map((s) => [s, 0])) as Record<Severity, number>;
  const lines: string[] = [];
  for (const result of results) {
    for (const f of result.findings) {
      const { title, severity } = meta(f.checkId);
      bySeverity[severity] += 1;
      lines.push(
        JSON.stringify({ type: 'finding', title, severity, fingerprint: fingerprintOf(f), ...f }),
      );
    }
    for (const call of result.calls) {
      lines.push(
        JSON.stringify({
          type: 'call',
          provider: result.provider,
          account: result.account,
          ...call,
        }),
      );
    }
    lines.push(
      JSON.stringify({
        type: 'coverage',
        provider: result.provider,
        account: result.account,
        status: result.status,
        startedAt: result.startedAt,
        finishedAt: result.finishedAt,
        regions: result.regions,
        checksRun: result.checksRun,
        findings: result.findings.length,
        calls: result.calls.length,
        gaps: result.gaps,
      }),
    );
  }
  lines.push(
    JSON.stringify({
      type: 'summary',
      status: overallStatus(results),
      accounts: results.map((r) => r.account),
      findings: results.reduce((n, r) => n + r.findings.length, 0),
      bySeverity,
      calls: results.reduce((n, r) => n + r.calls.length, 0),
      gaps: results.reduce((n, r) => n + r.gaps.length, 0),
    }),
  );
  return lines;
}
