import { z } from 'zod';
import { CLOUD_PROVIDER_LABELS, ZAwsRegion, ZCloudProvider } from './cloud.ts';
import { ZFrameworkRefs } from './cloud-frameworks.ts';
import { ZRequestIdField } from './request-id.ts';
import { VULN_SEVERITIES } from './security-events.ts';
import { MUTED_FILTERS } from './vulnerabilities.ts';

/**
 * The spec's per-provider service scans (part 2 §5), each service with its one scan type, in the
 * order the spec lists them.
 */
export const CLOUD_SERVICE_SCANS = {
  aws: { ec2: 'security_groups', s3: 'bucket_permissions', iam: 'policy_analysis' },
  azure: {
    'resource-groups': 'security_configuration',
    'network-security-groups': 'rules_analysis',
    'key-vault': 'access_policies',
  },
  gcp: {
    'compute-engine': 'firewall_rules',
    'cloud-storage': 'bucket_permissions',
    iam: 'policy_bindings',
  },
} as const;

type Pairs = typeof CLOUD_SERVICE_SCANS;
type Services<P extends keyof Pairs> = keyof Pairs[P] & string;

const pairMessage = (provider: keyof Pairs, service: string) =>
  `For ${CLOUD_PROVIDER_LABELS[provider]} service ${service} the scanType is ${(CLOUD_SERVICE_SCANS[provider] as Record<string, string>)[service]}`;

function serviceScan<P extends keyof Pairs>(provider: P, extra: z.ZodRawShape = {}) {
  const pairs = CLOUD_SERVICE_SCANS[provider] as Record<string, string>;
  const services = Object.keys(pairs) as [Services<P>, ...Services<P>[]];
  const types = [...new Set(Object.values(pairs))] as [string, ...string[]];
  return z
    .object({
      provider: z.literal(provider),
      service: z.enum(services, { error: `Service must be one of ${services.join(', ')}` }),
      scanType: z.enum(types, { error: `scanType must be one of ${types.join(', ')}` }),
      ...extra,
    })
    .refine((body) => pairs[body.service as string] === body.scanType, {
      path: ['scanType'],
      error: (issue) =>
        pairMessage(provider, String((issue.input as { service?: string })?.service)),
    });
}

/** aws-security-scan {service ec2|s3|iam; scanType; region for ec2}. */
export const ZAwsSecurityScan = serviceScan('aws', { region: ZAwsRegion.optional() });
/** azure-security-scan {service resource-groups|network-security-groups|key-vault; scanType}. */
export const ZAzureSecurityScan = serviceScan('azure');
/** gcp-security-scan {service compute-engine|cloud-storage|iam; scanType}. */
export const ZGcpSecurityScan = serviceScan('gcp');

export const ZCloudServiceScan = z.discriminatedUnion(
  'provider',
  [ZAwsSecurityScan, ZAzureSecurityScan, ZGcpSecurityScan],
  { error: 'Provider must be aws, azure or gcp' },
);
export type TCloudServiceScan = {
  provider: keyof Pairs;
  service: string;
  scanType: string;
  region?: string;
};

/**
 * POST /api/cloud/scans. Without connectionId: every connected connection ("Run Multi-Cloud
 * Scan"), or, with serviceScan, every connected one of that provider. serviceScan limits the scan
 * to one service (the spec's aws/azure/gcp-security-scan bodies).
 */
export const ZCloudScanRequest = z.object({
  connectionId: z.uuid('Invalid UUID format').optional(),
  serviceScan: ZCloudServiceScan.optional(),
});
export type TCloudScanRequest = {
  connectionId?: string;
  serviceScan?: TCloudServiceScan;
};

export const CLOUD_SCAN_STATUSES = [
  'queued',
  'running',
  'passed',
  'failed',
  'partial',
  'cancelled',
  'error',
] as const;
export type TCloudScanStatus = (typeof CLOUD_SCAN_STATUSES)[number];
/** States a scan no longer leaves. */
export const CLOUD_SCAN_FINAL: readonly TCloudScanStatus[] = [
  'passed',
  'failed',
  'partial',
  'cancelled',
  'error',
];

export const CLOUD_CALL_OUTCOMES = ['ok', 'denied', 'throttled', 'timeout', 'error'] as const;

/** An API call that did not succeed, with the checks it left unevaluated: the scan is partial. */
export const ZCloudGap = z.object({
  service: z.string(),
  region: z.string(),
  operation: z.string(),
  outcome: z.enum(CLOUD_CALL_OUTCOMES),
  message: z.string().nullable(),
  checks: z.array(z.string()),
});
export type TCloudGap = z.infer<typeof ZCloudGap>;

/** Count of API calls per outcome. */
export const ZCloudCallSummary = z.object({
  total: z.number().int(),
  ok: z.number().int(),
  denied: z.number().int(),
  throttled: z.number().int(),
  timeout: z.number().int(),
  error: z.number().int(),
});
export type TCloudCallSummary = z.infer<typeof ZCloudCallSummary>;

export const ZCloudSeverityCounts = z.object({
  critical: z.number().int(),
  high: z.number().int(),
  medium: z.number().int(),
  low: z.number().int(),
  info: z.number().int(),
  total: z.number().int(),
});
export type TCloudSeverityCounts = z.infer<typeof ZCloudSeverityCounts>;

export const ZCloudScan = z.object({
  id: z.uuid(),
  connectionId: z.uuid().nullable(),
  connectionName: z.string(),
  provider: ZCloudProvider,
  status: z.enum(CLOUD_SCAN_STATUSES),
  progress: z.object({ done: z.number().int(), total: z.number().int(), phase: z.string() }),
  /** The one service scanned, or null for every check of the provider. */
  serviceScan: z
    .object({ service: z.string(), scanType: z.string(), region: z.string().nullable() })
    .nullable(),
  /** Findings this scan saw, by severity. */
  counts: ZCloudSeverityCounts,
  /** Accounts scanned (several for an AWS Organization). */
  accounts: z.array(z.string()),
  createdAt: z.string(),
  startedAt: z.string().nullable(),
  finishedAt: z.string().nullable(),
  /** Why the scan failed as a whole (status error). */
  error: z.string().nullable(),
  gaps: z.array(ZCloudGap),
  calls: ZCloudCallSummary,
});
export type TCloudScan = z.infer<typeof ZCloudScan>;

export const ZCloudScanList = z.object({ scans: z.array(ZCloudScan) });
export type TCloudScanList = z.infer<typeof ZCloudScanList>;
/** POST /api/cloud/scans answers with the scans it queued (one per connection). */
export const ZCloudScanStarted = ZCloudScanList;

export const ZCloudScanListQuery = z.object({
  connectionId: z.uuid('Invalid UUID format').optional(),
  limit: z.coerce
    .number()
    .int('limit must be a whole number')
    .min(1, 'limit must be at least 1')
    .max(100, 'limit must be at most 100')
    .default(20),
});

export const CLOUD_FINDING_STATUSES = ['open', 'fixed', 'muted'] as const;
export type TCloudFindingStatus = (typeof CLOUD_FINDING_STATUSES)[number];

/**
 * What NetGuard's own TCP scan of the finding's public address:ports showed: reachable, filtered
 * (no answer), not reachable (refused), or unchecked (no address, or outside the scan scope).
 */
export const CLOUD_EXPOSURES = [
  'confirmed_reachable',
  'filtered',
  'not_reachable',
  'unchecked',
] as const;
export type TCloudExposure = (typeof CLOUD_EXPOSURES)[number];

/** A cloud finding: a vulnerability of the organization (its id is the vulnerability's). */
export const ZCloudFinding = z.object({
  id: z.uuid(),
  connectionId: z.uuid().nullable(),
  checkId: z.string(),
  title: z.string(),
  severity: z.enum(VULN_SEVERITIES),
  provider: ZCloudProvider,
  account: z.string(),
  region: z.string(),
  resourceId: z.string(),
  resourceType: z.string(),
  detail: z.string(),
  status: z.enum(CLOUD_FINDING_STATUSES),
  exposure: z.enum(CLOUD_EXPOSURES),
  /** Ports NetGuard's own scan found open, when exposure is confirmed_reachable. */
  reachablePorts: z.array(z.number().int()),
  /** Remediation first, then the CLI fix; the page shows the first 3. */
  recommendations: z.array(z.string()),
  /** Controls of each framework the check supports (its catalog entry). */
  frameworks: ZFrameworkRefs,
  /** The finding's assessed risk (0-100, packages/risk); null until it is assessed. */
  riskScore: z.number().nullable(),
  mutedBy: z.uuid().nullable(),
  firstSeenAt: z.string(),
  lastSeenAt: z.string(),
  fixedAt: z.string().nullable(),
});
export type TCloudFinding = z.infer<typeof ZCloudFinding>;

/** GET /api/cloud/scans/:id: the scan and the findings it saw. */
export const ZCloudScanDetail = ZCloudScan.extend({ findings: z.array(ZCloudFinding) });
export type TCloudScanDetail = z.infer<typeof ZCloudScanDetail>;

export const ZCloudFindingListQuery = z.object({
  connectionId: z.uuid('Invalid UUID format').optional(),
  provider: ZCloudProvider.optional(),
  state: z.enum(['open', 'fixed', 'all']).default('open'),
  muted: z.enum(MUTED_FILTERS).default('unmuted'),
  severity: z.enum(['all', ...VULN_SEVERITIES]).default('all'),
  limit: z.coerce.number().int().min(1).max(500).default(100),
  offset: z.coerce.number().int().min(0).max(1_000_000).default(0),
});
export type TCloudFindingListQuery = z.input<typeof ZCloudFindingListQuery>;

export const ZCloudFindingPage = z.object({
  items: z.array(ZCloudFinding),
  total: z.number().int(),
});
export type TCloudFindingPage = z.infer<typeof ZCloudFindingPage>;

/** GET /api/cloud/scans/:id/comparison: against the previous finished scan of the same connection. */
export const ZCloudScanComparison = z.object({
  scanId: z.uuid(),
  previousScanId: z.uuid().nullable(),
  new: z.array(ZCloudFinding),
  resolved: z.array(ZCloudFinding),
  stillOpen: z.array(ZCloudFinding),
});
export type TCloudScanComparison = z.infer<typeof ZCloudScanComparison>;

/** The payload of a cloud scan job: the scan's id only. */
export const ZCloudScanJob = z.object({ cloud_scan_id: z.uuid(), request_id: ZRequestIdField });

/**
 * A cloud scan's state change, sent to sockets subscribed to scan-updates. Its own type (not
 * `event`) so that clients handling network scan events are not handed a cloud scan.
 */
export const ZRealtimeCloudScanEvent = z.object({
  type: z.literal('cloud.scan'),
  channel: z.literal('scan-updates'),
  event: z.enum(['INSERT', 'UPDATE']),
  record: ZCloudScan,
  /** The request (or job) whose work changed the row. */
  request_id: ZRequestIdField,
});
export type TRealtimeCloudScanEvent = z.infer<typeof ZRealtimeCloudScanEvent>;
