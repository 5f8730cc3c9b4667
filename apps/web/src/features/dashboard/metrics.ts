import {
  ANALYTICS_FALLBACK as FALLBACK,
  type TAnalyticsOverview,
  type TDashboardHome,
  type TScanListItem,
  type TSecurityPosture,
} from '@netguard/contracts';

const ACTIVE_STATUSES = new Set<TScanListItem['status']>(['pending', 'running']);

/** True for a scan that is waiting to start or running. */
export function isActiveScan(scan: Pick<TScanListItem, 'status'>): boolean {
  return ACTIVE_STATUSES.has(scan.status);
}

/** True when the dashboard shows a scan that can still change. */
export function hasActiveScans(home: TDashboardHome): boolean {
  return home.scans.running > 0 || home.recent_scans.some(isActiveScan);
}

/** Rounds a percentage or count for display; null means "no data" and gives the fallback. */
export function valueOr(value: number | null | undefined, fallback: number): number {
  return value === null || value === undefined ? fallback : Math.round(value);
}

export type TSecurityOverview = {
  networkCoverage: number;
  mitigationRate: number;
  policyCompliance: number;
};

/**
 * Progress bars of the Security Overview: security posture for subscribers; otherwise the
 * mitigation rate computed from the dashboard counts; the spec's fallback where there is no data.
 */
export function securityOverview(
  home: TDashboardHome | undefined,
  posture: TSecurityPosture | undefined,
): TSecurityOverview {
  const coverage = posture?.coverage_metrics;
  const vulns = home?.vulnerabilities;
  const computedMitigation =
    vulns && vulns.total > 0 ? (vulns.mitigated / vulns.total) * 100 : null;
  return {
    networkCoverage: valueOr(coverage?.network_coverage, FALLBACK.networkCoverage),
    mitigationRate: valueOr(
      coverage?.mitigation_rate ?? computedMitigation,
      FALLBACK.mitigationRate,
    ),
    policyCompliance: valueOr(coverage?.policy_compliance, FALLBACK.policyCompliance),
  };
}

export type TAnalyticsView = {
  avgDurationMinutes: number;
  successRate: number;
  risk: { high: number; medium: number; low: number };
  securityScore: number;
};

/** Values of the Analytics tab, with the spec's fallback only for members that have no data. */
export function analyticsView(
  overview: TAnalyticsOverview | undefined,
  posture: TSecurityPosture | undefined,
): TAnalyticsView {
  const risk = posture?.risk_distribution ?? FALLBACK.riskDistribution;
  return {
    avgDurationMinutes: valueOr(overview?.avg_scan_duration, FALLBACK.avgDurationMinutes),
    successRate: valueOr(overview?.success_rate, FALLBACK.successRate),
    risk: {
      high: Math.round(risk.high),
      medium: Math.round(risk.medium),
      low: Math.round(risk.low),
    },
    securityScore: valueOr(posture?.security_score, FALLBACK.securityScore),
  };
}

export type TPostureView = {
  criticalVulnerabilities: number;
  openPorts: number;
  outdatedServices: number;
  compliance: { iso27001: number; soc2: number; nist: number };
};

/** Values of the Security Posture tab, with fallbacks only for members that have no data. */
export function postureView(
  posture: TSecurityPosture | undefined,
  home: TDashboardHome | undefined,
): TPostureView {
  const threats = posture?.threat_landscape;
  const compliance = posture?.compliance ?? FALLBACK.compliance;
  return {
    criticalVulnerabilities:
      threats?.critical_vulnerabilities ?? home?.vulnerabilities.critical ?? 0,
    openPorts: valueOr(threats?.open_ports, FALLBACK.openPorts),
    outdatedServices: valueOr(threats?.outdated_services, FALLBACK.outdatedServices),
    compliance: {
      iso27001: Math.round(compliance.iso27001),
      soc2: Math.round(compliance.soc2),
      nist: Math.round(compliance.nist),
    },
  };
}
