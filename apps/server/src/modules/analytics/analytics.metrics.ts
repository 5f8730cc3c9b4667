import {
  securityScore,
  type TAnalyticsOverview,
  type TComplianceStanding,
  type TRiskedFinding,
  type TSecurityPosture,
} from '@netguard/contracts';

/*
 * How the analytics are computed, from the organization's rows created within the timeframe.
 * A vulnerability is "mitigated" when one of its mitigation actions is completed, else "open".
 *
 * - avg_scan_duration: mean minutes from started_at to completed_at of completed scans, unrounded
 *   (a 1.1 s scan is 0.0183 minutes, not 0).
 * - success_rate: completed / (completed + failed) scans, in percent.
 * - network_coverage: percent of the distinct target entries whose latest finished scan
 *   (completed, failed or cancelled) completed. Targets only in pending/running scans count as
 *   not covered yet.
 * - mitigation_rate: percent of vulnerabilities mitigated.
 * - risk_distribution: percent of open vulnerabilities that are high (critical + high), medium,
 *   low (low + info); largest-remainder rounding so the three add up to 100.
 * - security_score: the one definition in packages/contracts (securityScore: 100 minus the
 *   highest risk score among the organization's open findings, whenever created); null when
 *   there is neither a completed scan nor a vulnerability.
 * - threat_landscape: open critical count; distinct open (host, port, protocol) services the
 *   scans found (null when no scan completed and none was found); open vulnerabilities of type
 *   outdated_software (null with no vulnerability rows).
 * - compliance and policy_compliance: the compliance evidence module's framework statuses and
 *   overall score (evidence/evidence.standing.ts), so every page shows one figure; none when
 *   the plan lacks compliance evidence, null scores when nothing was assessed.
 * Nothing is scored before a scan completes or a vulnerability is found: then security_score is
 * null ("no data yet"), never a made-up figure.
 */

export type ScanStats = {
  total: number;
  completed: number;
  failed: number;
  avgDurationMinutes: number | null;
};
export type VulnStats = {
  total: number;
  mitigated: number;
  open: { critical: number; high: number; medium: number; low: number; info: number };
  openOutdated: number;
};
export type CoverageStats = { targets: number; covered: number };

const percent = (part: number, whole: number) => Math.round((part / whole) * 100);

/** Percent of finished scans that completed, rounded; null when none has finished. */
export function successRate(completed: number, failed: number): number | null {
  const finished = completed + failed;
  return finished === 0 ? null : Math.round((completed / finished) * 100);
}

/** Splits 100 over the counts by largest remainder, so the parts always add up to 100. */
export function shares(counts: number[]): number[] {
  const total = counts.reduce((a, b) => a + b, 0);
  if (total === 0) return counts.map(() => 0);
  const exact = counts.map((c) => (c / total) * 100);
  const floors = exact.map(Math.floor);
  let left = 100 - floors.reduce((a, b) => a + b, 0);
  const order = exact.map((e, i) => [e - Math.floor(e), i] as const).sort((a, b) => b[0] - a[0]);
  for (const [, i] of order) {
    if (left-- <= 0) break;
    floors[i] = (floors[i] ?? 0) + 1;
  }
  return floors;
}

export function computeOverview(
  scans: ScanStats,
  vulnerabilityTotal: number,
  reportTotal: number,
): TAnalyticsOverview {
  return {
    total_scans: scans.total,
    total_vulnerabilities: vulnerabilityTotal,
    total_reports: reportTotal,
    success_rate: successRate(scans.completed, scans.failed),
    avg_scan_duration: scans.avgDurationMinutes,
  };
}

/** What the posture is computed from, besides the timeframe's counts. */
export type PostureFacts = {
  coverage: CoverageStats;
  openServices: number;
  /** Every open finding of the organization with its risk. */
  findings: readonly TRiskedFinding[];
  compliance: TComplianceStanding;
};

export function computePosture(
  scans: ScanStats,
  vulns: VulnStats,
  { coverage, openServices, findings, compliance }: PostureFacts,
): TSecurityPosture {
  const { critical, high, medium, low, info } = vulns.open;
  const openTotal = critical + high + medium + low + info;
  const hasVulns = vulns.total > 0;
  const measured = scans.completed > 0 || findings.length > 0;
  const networkCoverage = coverage.targets ? percent(coverage.covered, coverage.targets) : null;
  const mitigationRate = hasVulns ? percent(vulns.mitigated, vulns.total) : null;
  const score = securityScore(findings);
  const [riskHigh = 0, riskMedium = 0, riskLow = 0] = shares([critical + high, medium, low + info]);

  return {
    coverage_metrics: {
      network_coverage: networkCoverage,
      mitigation_rate: mitigationRate,
      policy_compliance: compliance.overallScore,
    },
    risk_distribution: openTotal ? { high: riskHigh, medium: riskMedium, low: riskLow } : null,
    security_score: measured ? score.score : null,
    threat_landscape: {
      critical_vulnerabilities: critical,
      open_ports: scans.completed > 0 || openServices > 0 ? openServices : null,
      outdated_services: hasVulns ? vulns.openOutdated : null,
    },
    compliance,
    verdicts: { security_score: measured ? score.verdict : null },
  };
}
