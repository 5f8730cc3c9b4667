import {
  CLOUD_CALL_OUTCOMES,
  CLOUD_PROVIDER_LABELS,
  type TCloudCallSummary,
  type TCloudFinding,
  type TCloudGap,
  type TCloudScan,
  VULN_SEVERITIES,
} from '@netguard/contracts';
import { isFinalCloudScan } from '@/features/cloud/cloud-cache';

/** The page shows this many recommendations per result (spec part 2). */
export const RESULT_RECOMMENDATIONS = 3;

/** "AWS · Production", or the connection's name alone when it names the provider already. */
export function scanTitle(scan: Pick<TCloudScan, 'provider' | 'connectionName'>): string {
  const label = CLOUD_PROVIDER_LABELS[scan.provider];
  return scan.connectionName.startsWith(label)
    ? scan.connectionName
    : `${label} · ${scan.connectionName}`;
}

/** Scans still queued or running, oldest first (the order they were started in). */
export const activeScans = (scans: readonly TCloudScan[]) =>
  scans.filter((scan) => !isFinalCloudScan(scan)).reverse();

/** The newest finished scan of each connection, newest first: the results list. */
export function latestResults(scans: readonly TCloudScan[]): TCloudScan[] {
  const seen = new Set<string>();
  return scans.filter((scan) => {
    if (!isFinalCloudScan(scan)) return false;
    const key = scan.connectionId ?? scan.id;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/** done/total as a whole percentage; 0 before the scanner knows its total. */
export function progressPercent({ done, total }: TCloudScan['progress']): number {
  return total > 0 ? Math.min(100, Math.round((done / total) * 100)) : 0;
}

/** "Queued", or the phase with done/total once the scanner knows its total: "ec2 · 3/9". */
export function progressText({
  status,
  progress,
}: Pick<TCloudScan, 'status' | 'progress'>): string {
  if (status === 'queued') return 'Queued';
  return progress.total > 0
    ? `${progress.phase} · ${progress.done}/${progress.total}`
    : progress.phase;
}

const severityRank = (finding: TCloudFinding) => VULN_SEVERITIES.indexOf(finding.severity);

/** Most severe first; muted findings only when asked for. */
export function visibleFindings(
  findings: readonly TCloudFinding[],
  showMuted: boolean,
): TCloudFinding[] {
  return findings
    .filter((finding) => showMuted || finding.status !== 'muted')
    .sort((a, b) => severityRank(a) - severityRank(b) || a.title.localeCompare(b.title));
}

/** The first 3 distinct recommendations of a result, taken from its most severe findings first. */
export function resultRecommendations(findings: readonly TCloudFinding[]): string[] {
  const ordered = visibleFindings(findings, false).flatMap((finding) => finding.recommendations);
  return [...new Set(ordered)].slice(0, RESULT_RECOMMENDATIONS);
}

export type TGapGroup = {
  service: string;
  region: string;
  calls: Pick<TCloudGap, 'operation' | 'outcome' | 'message'>[];
  /** Checks left unevaluated by these calls, each once. */
  checks: string[];
};

/** Gaps by service and region, so the coverage view reads "ec2 in eu-west-1: 2 calls denied". */
export function groupGaps(gaps: readonly TCloudGap[]): TGapGroup[] {
  const groups = new Map<string, TGapGroup>();
  for (const gap of gaps) {
    const key = `${gap.service}\u0000${gap.region}`;
    const group = groups.get(key) ?? {
      service: gap.service,
      region: gap.region,
      calls: [],
      checks: [],
    };
    group.calls.push({ operation: gap.operation, outcome: gap.outcome, message: gap.message });
    for (const check of gap.checks) if (!group.checks.includes(check)) group.checks.push(check);
    groups.set(key, group);
  }
  return [...groups.values()].sort(
    (a, b) => a.service.localeCompare(b.service) || a.region.localeCompare(b.region),
  );
}

/** The call outcomes that happened, with their counts, in the contract's order. */
export const callOutcomes = (calls: TCloudCallSummary) =>
  CLOUD_CALL_OUTCOMES.filter((outcome) => calls[outcome] > 0).map((outcome) => ({
    outcome,
    count: calls[outcome],
  }));
