import {
  COMPLIANCE_STANDING_TEXT as C,
  frameworkFigureText,
  overallFigureText,
  type TAnalyticsOverview,
  type TComplianceFrameworkId,
  type TComplianceStanding,
  type TDashboardHome,
  type TScanListItem,
  type TSecurityPosture,
  type TVerdict,
} from '@netguard/contracts';
import { METRIC_DEFINITIONS as D } from '@/features/dashboard/metric-definitions';

const ACTIVE_STATUSES = new Set<TScanListItem['status']>(['pending', 'running']);

/** True for a scan that is waiting to start or running. */
export function isActiveScan(scan: Pick<TScanListItem, 'status'>): boolean {
  return ACTIVE_STATUSES.has(scan.status);
}

/** True when the dashboard shows a scan that can still change. */
export function hasActiveScans(home: TDashboardHome): boolean {
  return home.scans.running > 0 || home.recent_scans.some(isActiveScan);
}

/** Why a figure shows "—": what has to happen before it can be measured. */
export const NO_DATA_TEXT = {
  noScan: 'No scan yet',
  noFinishedScan: 'No scan finished yet',
  noRecentScan: 'No scan in the last 30 days',
  noFindings: 'No findings yet',
  noOpenFindings: 'No open findings',
} as const;

/** A measured figure, or null with the reason it has no value yet. */
export type TFigure = { value: number | null; missing: string };

/** Rounds a measured value for display; null stays null ("no data yet"). */
export function rounded(value: number | null | undefined): number | null {
  return value === null || value === undefined ? null : Math.round(value);
}

/** A figure whose reason is "No scan yet" until the organization has run one. */
function figure(
  value: number | null | undefined,
  home: TDashboardHome | undefined,
  missing: string,
): TFigure {
  const scanned = (home?.scans.total ?? 0) > 0;
  return { value: rounded(value), missing: scanned ? missing : NO_DATA_TEXT.noScan };
}

/** The mean scan duration in seconds, unrounded: a 1.1 s scan must not read as 0 minutes. */
function durationFigure(minutes: number | null | undefined, home: TDashboardHome | undefined) {
  const base = figure(null, home, NO_DATA_TEXT.noFinishedScan);
  return minutes === null || minutes === undefined ? base : { ...base, value: minutes * 60 };
}

/**
 * A compliance figure: the evidence module's score, rounded as the Compliance Evidence page and
 * the Enterprise Security Center show it (formatScore), or why it has none: not assessed yet, or
 * the plan lacks compliance evidence. Nothing while loading.
 */
function complianceFigure(
  standing: TComplianceStanding | undefined,
  score: number | null | undefined,
): TFigure {
  if (!standing) return { value: null, missing: '' };
  if (!standing.available) return { value: null, missing: C.enterpriseOnly };
  return { value: rounded(score), missing: C.notAssessed };
}

/** What the Policy Compliance figure is, and what it is now. */
function policyText(standing: TComplianceStanding | undefined): string {
  return standing ? `${D.policyCompliance} ${overallFigureText(standing)}.` : D.policyCompliance;
}

export type TSecurityOverview = {
  networkCoverage: TFigure;
  mitigationRate: TFigure;
  policyCompliance: TFigure;
  /** What Policy Compliance is, and what it is now. */
  policyText: string;
};

/** The Security Overview bars: the server's measured values (the posture's definitions). */
export function securityOverview(home: TDashboardHome): TSecurityOverview {
  const metrics = home.security_overview;
  return {
    networkCoverage: figure(metrics.network_coverage, home, NO_DATA_TEXT.noRecentScan),
    mitigationRate: figure(metrics.mitigation_rate, home, NO_DATA_TEXT.noFindings),
    policyCompliance: complianceFigure(home.compliance, metrics.policy_compliance),
    policyText: policyText(home.compliance),
  };
}

/** The Success Rate card: completed out of finished scans, or why there is none yet. */
export function successRateFigure(home: TDashboardHome): TFigure {
  return figure(home.success_rate, home, NO_DATA_TEXT.noFinishedScan);
}

export type TAnalyticsView = {
  /** Seconds, shown with formatDuration (seconds below a minute). */
  avgDurationSeconds: TFigure;
  successRate: TFigure;
  risk: { high: number; medium: number; low: number } | null;
  riskMissing: string;
  securityScore: TFigure;
  /** How the security score was reached, with its inputs; null before it is measured. */
  securityScoreVerdict: TVerdict | null;
};

/** Values of the Analytics tab, each measured or marked as having no data yet. */
export function analyticsView(
  overview: TAnalyticsOverview | undefined,
  posture: TSecurityPosture | undefined,
  home: TDashboardHome | undefined,
): TAnalyticsView {
  const risk = posture?.risk_distribution;
  return {
    avgDurationSeconds: durationFigure(overview?.avg_scan_duration, home),
    successRate: figure(overview?.success_rate, home, NO_DATA_TEXT.noFinishedScan),
    risk: risk
      ? { high: Math.round(risk.high), medium: Math.round(risk.medium), low: Math.round(risk.low) }
      : null,
    riskMissing: figure(null, home, NO_DATA_TEXT.noOpenFindings).missing,
    securityScore: figure(posture?.security_score, home, NO_DATA_TEXT.noFinishedScan),
    securityScoreVerdict: posture?.verdicts?.security_score ?? null,
  };
}

export type TPostureView = {
  criticalVulnerabilities: number;
  openPorts: TFigure;
  outdatedServices: TFigure;
  /** The Compliance Status bars: each framework's score from compliance evidence. */
  compliance: Record<TPostureFramework, TFigure & { text: string }>;
  policyCompliance: TFigure;
  policyText: string;
};

/** The frameworks of the Compliance Status card (spec part 1: ISO 27001, SOC 2, NIST). */
export const POSTURE_FRAMEWORKS = [
  'iso27001',
  'soc2',
  'nist',
] as const satisfies readonly TComplianceFrameworkId[];
type TPostureFramework = (typeof POSTURE_FRAMEWORKS)[number];

/** A framework's bar: its score or why it has none, and what the figure is. */
function frameworkFigure(standing: TComplianceStanding | undefined, id: TPostureFramework) {
  const card = standing?.frameworks.find((f) => f.id === id);
  const text =
    standing?.available === false ? C.enterpriseOnlyDetail : card ? frameworkFigureText(card) : '';
  return { ...complianceFigure(standing, card?.score), text: `${D[id]} ${text}`.trim() };
}

/** Values of the Security Posture tab, each measured or marked as having no data yet. */
export function postureView(
  posture: TSecurityPosture | undefined,
  home: TDashboardHome | undefined,
): TPostureView {
  const threats = posture?.threat_landscape;
  const standing = posture?.compliance;
  return {
    criticalVulnerabilities:
      threats?.critical_vulnerabilities ?? home?.vulnerabilities.critical ?? 0,
    openPorts: figure(threats?.open_ports, home, NO_DATA_TEXT.noFinishedScan),
    outdatedServices: figure(threats?.outdated_services, home, NO_DATA_TEXT.noFindings),
    compliance: {
      iso27001: frameworkFigure(standing, 'iso27001'),
      soc2: frameworkFigure(standing, 'soc2'),
      nist: frameworkFigure(standing, 'nist'),
    },
    policyCompliance: complianceFigure(standing, posture?.coverage_metrics.policy_compliance),
    policyText: policyText(standing),
  };
}
