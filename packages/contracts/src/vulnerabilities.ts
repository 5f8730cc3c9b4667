import { z } from 'zod';
import { ZFrameworkRefs } from './cloud-frameworks.ts';
import { ACTION_STATUS_VALUES, ZScanVulnerability } from './scan-results.ts';
import { VULN_SEVERITIES } from './security-events.ts';
import { textField } from './text-field.ts';
import { VALIDATION_MESSAGES as M } from './validation.ts';

/** Texts of the Vulnerabilities page (spec part 2). */
export const VULNERABILITY_TEXT = {
  emptyTitle: 'No vulnerabilities found',
  emptyHintNoData: 'Run a vulnerability scan to detect security issues',
  emptyHintFiltered: 'Try adjusting your search filters',
  statusUpdated: 'Status updated',
  errorUpdating: 'Error updating status',
  errorLoading: 'Error loading vulnerabilities',
  denied: 'Insufficient permissions for vulnerability management',
} as const;

/** Remediation window by severity, in hours (part-2 guide targets); info has none. */
export const VULN_DUE_HOURS = {
  critical: 24,
  high: 48,
  medium: 7 * 24,
  low: 90 * 24,
  info: null,
} as const satisfies Record<(typeof VULN_SEVERITIES)[number], number | null>;

/** not_affected: a distribution's fix covers the package revision the service shows (feed re-evaluation). */
export const VULN_STATE_VALUES = ['open', 'fixed', 'not_affected'] as const;
export const MITIGATION_FILTERS = ['all', 'mitigated', 'unmitigated'] as const;
export const VULN_SORTS = ['newest', 'risk', 'severity', 'due', 'last_seen'] as const;
/** Cloud findings an unexpired mute rule matches: hidden (default), alone, or shown with the rest. */
export const MUTED_FILTERS = ['unmuted', 'muted', 'all'] as const;
/** Largest page of the list; exports are streamed and not paged. */
export const VULN_PAGE_MAX = 200;

/** A vulnerability of the organization with its lifecycle. */
export const ZVulnerability = ZScanVulnerability.extend({
  protocol: z.enum(['tcp', 'udp']),
  state: z.enum(VULN_STATE_VALUES),
  mitigated: z.boolean(),
  overdue: z.boolean(),
  first_seen_at: z.string(),
  last_seen_at: z.string(),
  occurrences: z.number().int(),
  due_at: z.string().nullable(),
  fixed_at: z.string().nullable(),
  reopened_at: z.string().nullable(),
  reopen_count: z.number().int(),
  /** A cloud finding that an unexpired mute rule matches. */
  muted: z.boolean(),
  /** The engine or cloud check that raised it (remediation actions are matched on it). */
  check_id: z.string().nullable(),
  /** A cloud finding's framework controls (its check's catalog entry); null for other findings. */
  frameworks: ZFrameworkRefs.nullable(),
  scan_id: z.uuid().nullable(),
  last_scan_id: z.uuid().nullable(),
});
export type TVulnerability = z.infer<typeof ZVulnerability>;

const flag = z
  .enum(['true', 'false'], { message: 'Must be true or false' })
  .transform((v) => v === 'true');

/** Filters shared by the list and the export. */
export const ZVulnerabilityFilters = z.object({
  search: textField().trim().max(200, 'Search must be at most 200 characters').default(''),
  severity: z.enum(['all', ...VULN_SEVERITIES]).default('all'),
  status: z.enum(MITIGATION_FILTERS).default('all'),
  state: z.enum(['all', ...VULN_STATE_VALUES]).default('all'),
  overdue: flag.default(false),
  muted: z.enum(MUTED_FILTERS).default('unmuted'),
  sort: z.enum(VULN_SORTS).default('newest'),
});
export type TVulnerabilityFilters = z.infer<typeof ZVulnerabilityFilters>;

/** GET /api/vulnerabilities */
export const ZVulnerabilityListQuery = ZVulnerabilityFilters.extend({
  limit: z.coerce.number().int().min(1).max(VULN_PAGE_MAX).default(50),
  offset: z.coerce.number().int().min(0).max(10_000_000).default(0),
});
export type TVulnerabilityListQuery = z.input<typeof ZVulnerabilityListQuery>;

/** Summary cards: over every vulnerability of the organization, whatever the filters (muted cloud findings left out). */
export const ZVulnerabilitySummary = z.object({
  total: z.number().int(),
  critical: z.number().int(),
  high: z.number().int(),
  mitigated: z.number().int(),
  overdue: z.number().int(),
});
export type TVulnerabilitySummary = z.infer<typeof ZVulnerabilitySummary>;

export const ZVulnerabilityPage = z.object({
  items: z.array(ZVulnerability),
  /** Rows matching the filters. */
  total: z.number().int(),
  summary: ZVulnerabilitySummary,
});
export type TVulnerabilityPage = z.infer<typeof ZVulnerabilityPage>;

export const EXPORT_FORMATS = ['csv', 'json'] as const;
/** GET /api/vulnerabilities/export */
export const ZVulnerabilityExportQuery = ZVulnerabilityFilters.extend({
  format: z.enum(EXPORT_FORMATS).default('csv'),
});

/** One entry of a vulnerability's history: a re-evaluation after a feed import, an edit... */
export const ZVulnerabilityEvent = z.object({
  id: z.uuid(),
  /** detected, priority_changed, confidence_changed, status_changed... */
  kind: z.string(),
  /** In words: "Listed in CISA KEV on 2024-07-10: risk 81 → 100, priority immediate (was urgent)." */
  summary: z.string(),
  details: z.unknown().nullable(),
  created_at: z.string(),
});
export type TVulnerabilityEvent = z.infer<typeof ZVulnerabilityEvent>;
/** GET /api/vulnerabilities/:id/history, newest first. */
export const ZVulnerabilityHistory = z.object({ items: z.array(ZVulnerabilityEvent) });
export type TVulnerabilityHistory = z.infer<typeof ZVulnerabilityHistory>;

/** PATCH /api/mitigation-actions/:id */
export const ZActionStatusBody = z.object({ status: z.enum(ACTION_STATUS_VALUES) });
export const ZActionIdParams = z.object({ id: z.uuid(M.uuid) });
export const ZVulnerabilityIdParams = z.object({ id: z.uuid(M.uuid) });

/** NVD entry of a CVE id, or null when the id is not a CVE. */
export function nvdUrl(cveId: string | null): string | null {
  return cveId && /^CVE-\d{4}-\d{4,}$/i.test(cveId)
    ? `https://nvd.nist.gov/vuln/detail/${cveId.toUpperCase()}`
    : null;
}
