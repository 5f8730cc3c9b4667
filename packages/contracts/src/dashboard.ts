import { z } from 'zod';
import { ZComplianceStanding } from './compliance-standing.ts';
import { ZScanListItem } from './scans.ts';
import { ZVerdict } from './verdict.ts';

export const ZSeverityCounts = z.object({
  total: z.number().int(),
  critical: z.number().int(),
  high: z.number().int(),
  medium: z.number().int(),
  low: z.number().int(),
  info: z.number().int(),
});

/**
 * The Security Overview bars, as the security posture defines them (null: no data yet).
 * policy_compliance is the compliance evidence module's overall score (ZComplianceStanding's
 * overallScore, the Enterprise Security Center's Compliance Score): null when nothing was
 * assessed or the plan lacks compliance evidence.
 */
export const ZCoverageMetrics = z.object({
  network_coverage: z.number().nullable(),
  mitigation_rate: z.number().nullable(),
  policy_compliance: z.number().nullable(),
});
export type TCoverageMetrics = z.infer<typeof ZCoverageMetrics>;

/** The dashboard home's reads, computed from the caller's organization rows. */
export const ZDashboardHome = z.object({
  recent_scans: z.array(ZScanListItem),
  scans: z.object({
    total: z.number().int(),
    running: z.number().int(),
    completed: z.number().int(),
    failed: z.number().int(),
  }),
  vulnerabilities: ZSeverityCounts.extend({ mitigated: z.number().int() }),
  reports_last_7_days: z.number().int(),
  /** Percent of finished scans that completed; null when no scan has finished. */
  success_rate: z.number().nullable(),
  /** Over the analytics timeframe, on every plan: the same values as the security posture. */
  security_overview: ZCoverageMetrics,
  /** The framework statuses policy_compliance is read from, and why it may be null. */
  compliance: ZComplianceStanding,
});
export type TDashboardHome = z.infer<typeof ZDashboardHome>;

export const ZTimeframe = z.enum(['24h', '7d', '30d', '90d']);
export type TTimeframe = z.infer<typeof ZTimeframe>;
export const ZAnalyticsQuery = z.object({ timeframe: ZTimeframe.default('30d') });

/** Analytics overview (spec entity): null members mean "no data yet". */
export const ZAnalyticsOverview = z.object({
  total_scans: z.number().int(),
  total_vulnerabilities: z.number().int(),
  total_reports: z.number().int(),
  success_rate: z.number().nullable(),
  /** Average completed-scan duration in minutes. */
  avg_scan_duration: z.number().nullable(),
});
export type TAnalyticsOverview = z.infer<typeof ZAnalyticsOverview>;

export const ZSecurityPosture = z.object({
  coverage_metrics: ZCoverageMetrics,
  risk_distribution: z.object({ high: z.number(), medium: z.number(), low: z.number() }).nullable(),
  security_score: z.number().nullable(),
  threat_landscape: z.object({
    critical_vulnerabilities: z.number().int(),
    open_ports: z.number().int().nullable(),
    outdated_services: z.number().int().nullable(),
  }),
  /** The compliance evidence module's framework statuses (the Compliance Status bars). */
  compliance: ZComplianceStanding,
  /** How the security score was reached, with its inputs (shown on hover). */
  verdicts: z.object({ security_score: ZVerdict.nullable() }).nullable(),
});
export type TSecurityPosture = z.infer<typeof ZSecurityPosture>;
