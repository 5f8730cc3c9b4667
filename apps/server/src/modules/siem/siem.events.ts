// What NetGuard forwards to a SIEM, mapped from its own rows: pure functions, one per producer
// (security events, incidents, scans, vulnerabilities, cloud findings, remediation). The producers
// pass the result to emitSiemEvents in the transaction of their change.
import { isIP } from 'node:net';
import type { Severity, SiemEventInput } from '@netguard/siem';
import { securityMessage } from './siem.security-text.ts';

type Fields = SiemEventInput['fields'] & {};
type Scalar = string | number | boolean | null;

/** The address, when it is one (request IPs may be `unknown` or carry a port). */
export const ipOrUndefined = (value: string | null | undefined): string | undefined =>
  value && isIP(value) !== 0 ? value : undefined;

const scalar = (value: unknown): value is Scalar =>
  value === null || ['string', 'number', 'boolean'].includes(typeof value);

/** Finite, 0 to 10: what a SIEM takes as a CVSS base score. */
const cvssOrUndefined = (value: number | null | undefined): number | undefined =>
  typeof value === 'number' && Number.isFinite(value) && value >= 0 && value <= 10
    ? value
    : undefined;

const portOrUndefined = (value: number | null | undefined): number | undefined =>
  typeof value === 'number' && Number.isInteger(value) && value >= 0 && value <= 65535
    ? value
    : undefined;

/** Drops the undefined keys, so the stored JSON has no holes and the optional fields stay off. */
function compact<T extends Record<string, unknown>>(value: T): T {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as T;
}

// ——— security events ————————————————————————————————————————————————————————————

/** A security event as appendSecurityEvents writes it. */
export type SecurityEventRow = {
  id: string;
  organizationId: string | null;
  userId: string | null;
  eventType: string;
  /** low, medium, high or critical (event_severity). */
  severity: string;
  description: string;
  metadata?: unknown;
  ipAddress: string | null;
  userAgent?: string | null;
  createdAt: Date;
};

/** security_events.severity (low < medium < high < critical) onto the SIEM scale. */
const EVENT_SEVERITY: Record<string, Severity> = {
  critical: 'critical',
  high: 'high',
  medium: 'medium',
  low: 'low',
  info: 'info',
};

/** Outcomes (metadata.outcome) of something refused, failed or caught. */
const FAILED_OUTCOME = /fail|invalid|denied|refused|locked|reuse|expired|wrong|throttl/;
/** Fields of a security_event that its metadata does not overwrite. */
const RESERVED = { securityEventId: 1, userAgent: 1 };

/**
 * failure: a denied permission, a failed sign-in (an auth_attempt above low, as the anomaly rules
 * count them), a violation, or an outcome that names a refusal; success: a granted permission or
 * a low auth_attempt; unknown otherwise.
 */
export function securityOutcome(row: SecurityEventRow): 'success' | 'failure' | 'unknown' {
  const meta = (row.metadata && typeof row.metadata === 'object' ? row.metadata : {}) as Record<
    string,
    unknown
  >;
  if (meta.granted === false) return 'failure';
  if (meta.granted === true) return 'success';
  if (row.eventType === 'security_violation') return 'failure';
  if (row.eventType === 'auth_attempt') return row.severity === 'low' ? 'success' : 'failure';
  const outcome = typeof meta.outcome === 'string' ? meta.outcome : '';
  if (FAILED_OUTCOME.test(outcome)) return 'failure';
  if (outcome === 'success') return 'success';
  return 'unknown';
}

/**
 * Whether a security event is forwarded: not without an organization, nor a granted permission
 * check (one per API call: the audit log keeps them; a SIEM wants denials).
 */
export const forwardsToSiem = (row: SecurityEventRow): boolean =>
  !!row.organizationId && (row.metadata as { granted?: unknown } | null)?.granted !== true;

/**
 * One security_event per forwarded security event, naming its user by e-mail (the attempt's own,
 * else `emails`' entry of its user id) and saying what happened in a sentence (sign-ins).
 */
export function securityEventsToSiem(
  rows: readonly SecurityEventRow[],
  emails: ReadonlyMap<string, string> = new Map(),
): SiemEventInput[] {
  return rows.flatMap((row) => {
    if (!row.organizationId || !forwardsToSiem(row)) return [];
    const meta = (row.metadata && typeof row.metadata === 'object' ? row.metadata : {}) as Record<
      string,
      unknown
    >;
    const extra = Object.fromEntries(
      Object.entries(meta).filter(([key, value]) => scalar(value) && !(key in RESERVED)),
    ) as Fields;
    const email =
      typeof meta.email === 'string' && meta.email
        ? meta.email
        : row.userId
          ? emails.get(row.userId)
          : undefined;
    const sourceIp = ipOrUndefined(row.ipAddress);
    return [
      compact({
        type: 'security_event' as const,
        severity: EVENT_SEVERITY[row.severity] ?? 'medium',
        organizationId: row.organizationId,
        time: row.createdAt.toISOString(),
        title: row.eventType,
        message: securityMessage({ ...row, metadata: meta, email, ip: sourceIp }),
        category: row.eventType,
        outcome: securityOutcome(row),
        user: email,
        userId: row.userId ?? undefined,
        sourceIp,
        fields: {
          ...extra,
          securityEventId: row.id,
          userAgent: row.userAgent ?? null,
        },
      }),
    ];
  });
}

// ——— incidents ——————————————————————————————————————————————————————————————————

export type IncidentRow = {
  id: string;
  organizationId: string;
  title: string;
  severity: string;
  rule: string;
  subject: string;
  createdAt: Date;
};

/**
 * An incident the anomaly rules opened: an `incident` event and the spec's `threat_detected`,
 * with the incident's severity and title. `sourceIp`: the one address its events came from.
 */
export function incidentOpenedToSiem(
  incident: IncidentRow,
  context: { events: number; sourceIp?: string | null } = { events: 0 },
): SiemEventInput[] {
  const common = compact({
    severity: EVENT_SEVERITY[incident.severity] ?? 'medium',
    organizationId: incident.organizationId,
    time: incident.createdAt.toISOString(),
    title: incident.title,
    message: `Incident opened by the ${incident.rule} rule: ${incident.title}`,
    category: incident.rule,
    sourceIp: ipOrUndefined(context.sourceIp),
    fields: {
      incidentId: incident.id,
      rule: incident.rule,
      subject: incident.subject,
      events: context.events,
      status: 'open',
    },
  });
  return [
    { ...common, type: 'incident' },
    { ...common, type: 'threat_detected' },
  ];
}

// ——— scans ——————————————————————————————————————————————————————————————————————

export type ScanRowLike = {
  id: string;
  organizationId: string;
  userId: string;
  scanName: string;
  scanType: string;
  targetHosts: readonly string[];
};

const targetsOf = (scan: ScanRowLike) => scan.targetHosts.join(',').slice(0, 2000);

export function scanStartedToSiem(scan: ScanRowLike): SiemEventInput {
  return {
    type: 'scan_started',
    severity: 'info',
    organizationId: scan.organizationId,
    title: `Scan started: ${scan.scanName}`,
    message: `The ${scan.scanType} scan "${scan.scanName}" of ${targetsOf(scan)} started`,
    category: 'scan',
    userId: scan.userId,
    fields: { scanId: scan.id, scanType: scan.scanType, targets: targetsOf(scan) },
  };
}

/** What a completed scan found: hosts up, open ports, and its findings by severity. */
export type ScanCounts = {
  hosts: number;
  openPorts: number;
  findings: Record<Severity, number> & { total: number };
};

export function scanCompletedToSiem(scan: ScanRowLike, counts: ScanCounts): SiemEventInput {
  const f = counts.findings;
  return {
    type: 'scan_completed',
    severity: 'info',
    organizationId: scan.organizationId,
    title: `Scan completed: ${scan.scanName}`,
    message: `The ${scan.scanType} scan "${scan.scanName}" completed: ${counts.hosts} hosts, ${counts.openPorts} open ports, ${f.total} findings`,
    category: 'scan',
    outcome: 'success',
    userId: scan.userId,
    fields: {
      scanId: scan.id,
      scanType: scan.scanType,
      targets: targetsOf(scan),
      hosts: counts.hosts,
      openPorts: counts.openPorts,
      findings: f.total,
      critical: f.critical,
      high: f.high,
      medium: f.medium,
      low: f.low,
      info: f.info,
    },
  };
}

// ——— vulnerabilities ————————————————————————————————————————————————————————————

export type VulnerabilityRowLike = {
  id: string;
  organizationId: string;
  title: string;
  severity: Severity;
  host: string;
  port: number | null;
  protocol: string;
  cveId: string | null;
  cvssScore: number | null;
  riskScore: number | null;
  vulnerabilityType: string;
  checkId: string | null;
  scanId: string | null;
  service?: string | null;
};

/** A vulnerability first recorded (not a re-sighting). */
export function vulnerabilityFoundToSiem(v: VulnerabilityRowLike): SiemEventInput {
  const where = v.port === null ? v.host : `${v.host}:${v.port}/${v.protocol}`;
  const ip = ipOrUndefined(v.host);
  return compact({
    type: 'vulnerability_found' as const,
    severity: v.severity,
    organizationId: v.organizationId,
    title: v.title,
    message: `${v.title} on ${where}${v.cveId ? ` (${v.cveId})` : ''}`,
    category: v.vulnerabilityType,
    host: v.host,
    ip,
    port: portOrUndefined(v.port),
    protocol: v.port === null ? undefined : v.protocol,
    cve: v.cveId ?? undefined,
    cvss: cvssOrUndefined(v.cvssScore),
    fields: {
      vulnerabilityId: v.id,
      scanId: v.scanId,
      checkId: v.checkId,
      riskScore: v.riskScore,
      service: v.service ?? null,
    },
  });
}

/** Compliance frameworks by name, each with the control ids the failed check maps to. */
export type FrameworkIds = Record<string, readonly string[]>;

export type CloudFindingLike = {
  vulnerability: VulnerabilityRowLike;
  provider: string;
  account: string;
  region: string;
  resourceId: string;
  resourceType: string;
  checkId: string;
  cloudScanId: string;
  frameworks?: FrameworkIds;
};

/**
 * A new cloud finding: vulnerability_found, and compliance_violation when the failed check maps
 * to controls of compliance frameworks.
 */
export function cloudFindingToSiem(f: CloudFindingLike): SiemEventInput[] {
  const cloud = {
    provider: f.provider,
    account: f.account,
    region: f.region,
    resource: f.resourceId,
    resourceType: f.resourceType,
    checkId: f.checkId,
    cloudScanId: f.cloudScanId,
  };
  const found = vulnerabilityFoundToSiem(f.vulnerability);
  const events: SiemEventInput[] = [{ ...found, fields: { ...found.fields, ...cloud } }];
  const frameworks = Object.entries(f.frameworks ?? {}).filter(([, ids]) => ids.length > 0);
  if (frameworks.length > 0) {
    const names = frameworks.map(([name]) => name);
    events.push({
      type: 'compliance_violation',
      severity: f.vulnerability.severity,
      organizationId: f.vulnerability.organizationId,
      title: `Compliance violation: ${f.vulnerability.title}`,
      message: `${f.resourceId} fails ${f.checkId} (${frameworks
        .map(([name, ids]) => `${name} ${ids.join(', ')}`)
        .join('; ')})`,
      category: 'cloud_misconfiguration',
      host: f.vulnerability.host,
      outcome: 'failure',
      fields: {
        vulnerabilityId: f.vulnerability.id,
        ...cloud,
        frameworks: names.join(','),
        ...Object.fromEntries(
          frameworks.map(([name, ids]) => [`framework.${name}`, ids.join(',')]),
        ),
      },
    });
  }
  return events;
}

// ——— remediation ————————————————————————————————————————————————————————————————

export type MitigationActionLike = {
  id: string;
  organizationId: string;
  vulnerabilityId: string | null;
  title: string;
  actionType: string;
};

/** A mitigation action completed: remediation_applied, as severe as its vulnerability. */
export function remediationAppliedToSiem(
  action: MitigationActionLike,
  v: Pick<
    VulnerabilityRowLike,
    'id' | 'title' | 'severity' | 'host' | 'port' | 'protocol' | 'cveId'
  >,
  userId: string | null,
): SiemEventInput {
  return compact({
    type: 'remediation_applied' as const,
    severity: v.severity,
    organizationId: action.organizationId,
    title: `Remediation applied: ${action.title}`,
    message: `${action.title} completed for ${v.title} on ${v.host}`,
    category: action.actionType,
    outcome: 'success' as const,
    userId: userId ?? undefined,
    host: v.host,
    ip: ipOrUndefined(v.host),
    port: portOrUndefined(v.port),
    protocol: v.port === null ? undefined : v.protocol,
    cve: v.cveId ?? undefined,
    fields: { actionId: action.id, vulnerabilityId: v.id, actionType: action.actionType },
  });
}

/** A change an execution made changed state (issue 21; which ones: remediation.transitions.ts reachesSiem). */
export type RemediationTransitionLike = {
  executionId: string;
  organizationId: string;
  actionId: string;
  actionName: string;
  actionType: string;
  status: string;
  target: string;
  note: string | null;
};

const TRANSITION_OUTCOME: Record<string, 'success' | 'failure'> = {
  verified: 'success',
  rolled_back: 'success',
  failed: 'failure',
  failed_verification: 'failure',
};

export function remediationTransitionToSiem(
  t: RemediationTransitionLike,
  v: Pick<VulnerabilityRowLike, 'id' | 'title' | 'severity' | 'host' | 'port' | 'cveId'> | null,
  userId: string | null,
): SiemEventInput {
  return compact({
    type: 'remediation_applied' as const,
    severity: TRANSITION_OUTCOME[t.status] === 'failure' ? 'high' : (v?.severity ?? 'info'),
    organizationId: t.organizationId,
    title: `Remediation ${t.status.replaceAll('_', ' ')}: ${t.actionName}`,
    message: `${t.actionName} on ${t.target}: ${t.status}${t.note ? ` (${t.note})` : ''}`,
    category: t.actionType,
    outcome: TRANSITION_OUTCOME[t.status] ?? ('unknown' as const),
    userId: userId ?? undefined,
    host: v?.host ?? t.target,
    ip: ipOrUndefined(v?.host),
    port: portOrUndefined(v?.port),
    cve: v?.cveId ?? undefined,
    fields: {
      executionId: t.executionId,
      actionId: t.actionId,
      status: t.status,
      vulnerabilityId: v?.id ?? null,
    },
  });
}
