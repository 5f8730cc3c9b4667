import type { TAnalyticsOverview, TSecurityPosture } from '@netguard/contracts';

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
 * - on-time remediation (an input of the frameworks below): percent of open vulnerabilities not
 *   past their remediation due date (critical 24 h, high 48 h, medium 7 d, low 90 d, info
 *   never); 100 when none is open.
 * - risk_distribution: percent of open vulnerabilities that are high (critical + high), medium,
 *   low (low + info); largest-remainder rounding so the three add up to 100.
 * - security_score: max(0, 100 - (10 critical + 5 high + 2 medium + 0.5 low)) over open ones;
 *   null when there is neither a completed scan nor a vulnerability.
 * - threat_landscape: open critical count; distinct open (host, port, protocol) services the
 *   scans found (null when no scan completed and none was found); open vulnerabilities of type
 *   outdated_software (null with no vulnerability rows).
 * - compliance, each the rounded mean of the listed metrics that have data:
 *   ISO 27001 (A.12.6.1, timely handling of technical vulnerabilities): on-time remediation and
 *   mitigation_rate; SOC 2 (CC7.1 detection and monitoring): security_score and on-time
 *   remediation; NIST CSF (identify, protect, respond): network_coverage, security_score and
 *   mitigation_rate.
 * - policy_compliance: the rounded mean of the three framework scores, so the Overview's bar and
 *   the Security Posture tab always tell the same story.
 * Nothing is measured before a scan completes or a vulnerability is found: then compliance,
 * policy_compliance and security_score are null ("no data yet"), never a made-up figure.
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
  openPastDue: number;
  openOutdated: number;
};
export type CoverageStats = { targets: number; covered: number };

const percent = (part: number, whole: number) => Math.round((part / whole) * 100);
/** The rounded mean of the first value and those of the others that have data. */
const meanOf = (first: number, ...others: (number | null)[]) => {
  const known = [first, ...others.filter((v): v is number => v !== null)];
  return Math.round(known.reduce((a, b) => a + b, 0) / known.length);
};

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

/** Framework scores from the measured inputs; each mean counts only the inputs that have data. */
function frameworkScores(
  onTime: number,
  score: number,
  coverage: number | null,
  mitigation: number | null,
) {
  return {
    iso27001: meanOf(onTime, mitigation),
    soc2: meanOf(score, onTime),
    nist: meanOf(score, coverage, mitigation),
  };
}

export function computePosture(
  scans: ScanStats,
  vulns: VulnStats,
  coverage: CoverageStats,
  openServices: number,
): TSecurityPosture {
  const { critical, high, medium, low, info } = vulns.open;
  const openTotal = critical + high + medium + low + info;
  const hasVulns = vulns.total > 0;
  const measured = scans.completed > 0 || hasVulns;
  const networkCoverage = coverage.targets ? percent(coverage.covered, coverage.targets) : null;
  const mitigationRate = hasVulns ? percent(vulns.mitigated, vulns.total) : null;
  const onTime = openTotal === 0 ? 100 : percent(openTotal - vulns.openPastDue, openTotal);
  const penalty = 10 * critical + 5 * high + 2 * medium + 0.5 * low;
  const score = Math.max(0, Math.round(100 - penalty));
  const [riskHigh = 0, riskMedium = 0, riskLow = 0] = shares([critical + high, medium, low + info]);
  const frameworks = measured
    ? frameworkScores(onTime, score, networkCoverage, mitigationRate)
    : null;

  return {
    coverage_metrics: {
      network_coverage: networkCoverage,
      mitigation_rate: mitigationRate,
      policy_compliance:
        frameworks && meanOf(frameworks.iso27001, frameworks.soc2, frameworks.nist),
    },
    risk_distribution: openTotal ? { high: riskHigh, medium: riskMedium, low: riskLow } : null,
    security_score: measured ? score : null,
    threat_landscape: {
      critical_vulnerabilities: critical,
      open_ports: scans.completed > 0 || openServices > 0 ? openServices : null,
      outdated_services: hasVulns ? vulns.openOutdated : null,
    },
    compliance: frameworks,
  };
}
