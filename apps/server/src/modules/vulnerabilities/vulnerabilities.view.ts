import type { TThreatMitigationAction, TVulnerability } from '@netguard/contracts';
import { vulnerabilityFrameworks } from '../cloud/cloud.frameworks.ts';
import { toVulnerability } from '../scans/scans.view.ts';
import type { VulnerabilityRow } from './vulnerabilities.repo.ts';

const iso = (d: Date | null) => d?.toISOString() ?? null;

/** A vulnerability row with its lifecycle, as the API answers it. */
export function toVulnerabilityItem(
  row: VulnerabilityRow,
  actions: TThreatMitigationAction[],
): TVulnerability {
  return {
    ...toVulnerability(row, actions),
    // A finding with no score of its own (a cloud misconfiguration) shows its assessed risk.
    risk_score: row.riskScore ?? row.assessedRisk ?? 0,
    protocol: row.protocol === 'udp' ? 'udp' : 'tcp',
    state: row.state,
    mitigated: row.mitigated,
    overdue: row.overdue,
    first_seen_at: row.firstSeenAt.toISOString(),
    last_seen_at: row.lastSeenAt.toISOString(),
    occurrences: row.occurrences,
    due_at: iso(row.dueAt),
    fixed_at: iso(row.fixedAt),
    reopened_at: iso(row.reopenedAt),
    reopen_count: row.reopenCount,
    muted: row.muted,
    check_id: row.checkId,
    frameworks: vulnerabilityFrameworks(row),
    scan_id: row.scanId,
    last_scan_id: row.lastScanId,
  };
}
