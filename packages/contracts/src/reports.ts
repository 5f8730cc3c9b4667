import { z } from 'zod';
import { ZComplianceStanding } from './compliance-standing.ts';
import { ZDetection } from './detection.ts';
import { ZRequestIdField } from './request-id.ts';
import { VULN_SEVERITIES } from './security-events.ts';
import { textField } from './text-field.ts';
import { VALIDATION_MESSAGES as M } from './validation.ts';
import { ZVerdict } from './verdict.ts';

export const REPORT_TYPE_VALUES = ['executive', 'technical', 'compliance', 'trend'] as const;
export const ZReportType = z.enum(REPORT_TYPE_VALUES, {
  error: `Report type must be one of: ${REPORT_TYPE_VALUES.join(', ')}`,
});
export type TReportType = z.infer<typeof ZReportType>;

export const REPORT_STATUS_VALUES = ['generating', 'ready', 'failed'] as const;
export type TReportStatus = (typeof REPORT_STATUS_VALUES)[number];

/** The four generator cards of the Reports page (spec part 2 §2). */
export const REPORT_GENERATORS = {
  executive: {
    label: 'Executive Summary',
    description: 'Overall risk level, key findings and recommendations for leadership',
  },
  technical: {
    label: 'Technical Report',
    description: 'The top 10 vulnerabilities by risk score, with hosts, services and fixes',
  },
  compliance: {
    label: 'Compliance Report',
    description: 'Control status mapped to ISO 27001, NIST CSF and CIS Controls',
  },
  trend: {
    label: 'Trend Analysis',
    description: 'New, resolved and open issues over the last 30 days',
  },
} as const satisfies Record<TReportType, { label: string; description: string }>;

/** Texts of the Reports page and its toasts (spec part 2 §5, §8), kept verbatim. */
export const REPORT_TEXT = {
  generate: 'Generate Report',
  generating: 'Generating...',
  generated: 'Report generated successfully',
  errorLoading: 'Error loading reports',
  errorGenerating: 'Error generating report',
  noData: 'No data available: Complete at least one scan before generating reports.',
  denied: 'Insufficient permissions for reports',
  notReady: 'This report is still being generated. Try again in a moment.',
  failed: 'This report could not be generated. Generate it again.',
  stale: 'Report generation did not finish in time. Generate it again.',
} as const;

/** Report rules (spec part 2 §9). */
export const REPORT_RULES = {
  /** Reports use the most recent completed scans. */
  scanLimit: 10,
  /** The technical report lists the top vulnerabilities by risk_score. */
  technicalTop: 10,
  /** Executive risk is MEDIUM with more than this many high issues. */
  executiveHighAbove: 5,
  /** Network Security is COMPLIANT below this many issues, otherwise PARTIAL. */
  networkCompliantBelow: 10,
  frameworks: ['ISO 27001', 'NIST CSF', 'CIS Controls'],
  remediationTimeline: '30-90 days',
  trendPeriodDays: 30,
  /** Trend posture: IMPROVING below this many issues. */
  trendImprovingBelow: 5,
  /** Trend posture: DECLINING above this many issues. */
  trendDecliningAbove: 20,
} as const;

export const RISK_LEVELS = ['HIGH', 'MEDIUM', 'LOW'] as const;
export const CONTROL_STATUSES = [
  'COMPLIANT',
  'NON-COMPLIANT',
  'PARTIAL',
  'IN PROGRESS',
  'NOT ASSESSED',
] as const;
export const TREND_POSTURES = ['IMPROVING', 'STABLE', 'DECLINING'] as const;
export const REPORT_FORMATS = ['pdf', 'csv', 'json'] as const;
export type TReportFormat = (typeof REPORT_FORMATS)[number];

const count = z.number().int().min(0);

export const ZReportSeverityCounts = z.object(
  Object.fromEntries(VULN_SEVERITIES.map((s) => [s, count])) as Record<
    (typeof VULN_SEVERITIES)[number],
    typeof count
  >,
);

/** A scan a report was computed from. */
export const ZReportScan = z.object({
  id: z.uuid(),
  scan_name: z.string(),
  scan_type: z.string(),
  target_hosts: z.array(z.string()),
  completed_at: z.string().nullable(),
});

/** What every report holds: its scans, the issue totals and the open issues by severity. */
const ZReportBase = z.object({
  scans: z.array(ZReportScan),
  /** Distinct vulnerabilities the scans saw; open = neither fixed nor mitigated. */
  totals: z.object({ found: count, open: count, mitigated: count, fixed: count }),
  severity: ZReportSeverityCounts,
  /** The report's verdicts with their inputs; reports stored before them have none. */
  verdicts: z.array(ZVerdict).default([]),
});

export const ZReportVulnerability = z.object({
  title: z.string(),
  severity: z.enum(VULN_SEVERITIES),
  risk_score: z.number(),
  host: z.string(),
  port: z.number().int().nullable(),
  protocol: z.string(),
  service: z.string().nullable(),
  vulnerability_type: z.string(),
  cve_id: z.string().nullable(),
  solution: z.string(),
  /** Detection confidence of the finding; reports stored before it was recorded have none. */
  detection: ZDetection.nullable().default(null),
});
export type TReportVulnerability = z.infer<typeof ZReportVulnerability>;

export const ZReportControl = z.object({
  name: z.string(),
  status: z.enum(CONTROL_STATUSES),
  detail: z.string(),
  /** The control's references, by framework name. */
  references: z.record(z.string(), z.string()),
});

export const ZTrendDay = z.object({
  date: z.string(),
  scans: count,
  new_issues: count,
  resolved_issues: count,
  open_issues: count,
});

export const ZReportContent = z.discriminatedUnion('type', [
  ZReportBase.extend({
    type: z.literal('executive'),
    risk_level: z.enum(RISK_LEVELS),
    key_findings: z.array(z.string()),
    recommendations: z.array(z.string()),
  }),
  ZReportBase.extend({
    type: z.literal('technical'),
    top_vulnerabilities: z.array(ZReportVulnerability),
  }),
  ZReportBase.extend({
    type: z.literal('compliance'),
    controls: z.array(ZReportControl),
    frameworks: z.array(z.string()),
    remediation_timeline: z.string(),
    /**
     * The compliance evidence module's framework statuses when the report was generated; null in
     * reports stored before they were part of it.
     */
    framework_statuses: ZComplianceStanding.nullable().default(null),
  }),
  ZReportBase.extend({
    type: z.literal('trend'),
    period_days: z.number().int(),
    posture: z.enum(TREND_POSTURES),
    /** Issues open when the period began; stored reports from before it have none. */
    open_at_start: count.nullable().default(null),
    new_issues: count,
    resolved_issues: count,
    days: z.array(ZTrendDay),
  }),
]);
export type TReportContent = z.infer<typeof ZReportContent>;
export type TReportContentOf<T extends TReportType> = Extract<TReportContent, { type: T }>;

/** A report in the list: no content. */
export const ZReportListItem = z.object({
  id: z.uuid(),
  report_type: ZReportType,
  title: z.string(),
  summary: z.string().nullable(),
  status: z.enum(REPORT_STATUS_VALUES),
  error: z.string().nullable(),
  scan_id: z.uuid().nullable(),
  created_at: z.string(),
  /** The verdicts of its content, for the list's hover; none while generating. */
  verdicts: z.array(ZVerdict).default([]),
});
export type TReportListItem = z.infer<typeof ZReportListItem>;

export const ZReport = ZReportListItem.extend({ content: ZReportContent.nullable() });
export type TReport = z.infer<typeof ZReport>;

export const REPORT_PAGE_MAX = 100;

/** GET /api/reports: search matches title and summary. */
export const ZReportListQuery = z.object({
  search: textField().trim().max(200, 'Search must be at most 200 characters').default(''),
  type: z
    .enum(['all', ...REPORT_TYPE_VALUES], {
      error: `Type must be one of: all, ${REPORT_TYPE_VALUES.join(', ')}`,
    })
    .default('all'),
  limit: z.coerce.number().int().min(1).max(REPORT_PAGE_MAX).default(50),
  offset: z.coerce.number().int().min(0).max(1_000_000).default(0),
});
export type TReportListQuery = z.input<typeof ZReportListQuery>;

export const ZReportList = z.object({ items: z.array(ZReportListItem), total: z.number().int() });
export type TReportList = z.infer<typeof ZReportList>;

/** POST /api/reports */
export const ZCreateReportBody = z.object({ report_type: ZReportType });
export type TCreateReportBody = z.infer<typeof ZCreateReportBody>;

export const ZReportIdParams = z.object({ id: z.uuid(M.uuid) });

/** GET /api/reports/:id/download */
export const ZReportDownloadQuery = z.object({
  format: z.enum(REPORT_FORMATS, {
    error: `Format must be one of: ${REPORT_FORMATS.join(', ')}`,
  }),
});

/** pg-boss payload of a report generation: the id only (and the request that asked for it). */
export const ZReportJob = z.object({
  report_id: z.uuid(),
  request_id: ZRequestIdField,
  /** Whether the organization's plan included compliance evidence when the report was asked for. */
  compliance_evidence: z.boolean().default(false),
});

/** The short Report ID shown in the list: the first segment of the id. */
export function shortReportId(id: string): string {
  return id.split('-')[0] ?? id;
}
