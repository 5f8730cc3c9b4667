import {
  REPORT_STATUS_VALUES,
  REPORT_TYPE_VALUES,
  SCAN_STATUSES,
  SCAN_TYPE_VALUES,
  SECURITY_EVENT_TYPES,
  SEVERITIES,
  type TDetection,
  VULN_SEVERITIES,
} from '@netguard/contracts';
import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgEnum,
  pgTable,
  text,
  unique,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { organizations, orgRef, userRef, users } from './accounts.ts';
import { createdAt, id, tstz } from './columns.ts';

export const scanStatusEnum = pgEnum('scan_status', SCAN_STATUSES);
export const scanTypeEnum = pgEnum('scan_type', SCAN_TYPE_VALUES);
export const vulnSeverityEnum = pgEnum('vuln_severity', VULN_SEVERITIES);
export const ACTION_PRIORITIES = ['immediate', 'urgent', 'high', 'medium', 'low'] as const;
export const actionPriorityEnum = pgEnum('action_priority', ACTION_PRIORITIES);
export const ACTION_STATUSES = ['pending', 'in_progress', 'completed', 'dismissed'] as const;
export const actionStatusEnum = pgEnum('action_status', ACTION_STATUSES);
export const reportTypeEnum = pgEnum('report_type', REPORT_TYPE_VALUES);
/** A report is generating until its job stores the content (ready) or gives up (failed). */
export const reportStatusEnum = pgEnum('report_status', REPORT_STATUS_VALUES);
/**
 * open until a later scan that covered its host and port no longer sees it (fixed), or until a
 * distribution fix imported from a feed covers the package revision its service shows (not_affected).
 */
export const VULN_STATES = ['open', 'fixed', 'not_affected'] as const;
export const vulnStateEnum = pgEnum('vuln_state', VULN_STATES);
export const eventTypeEnum = pgEnum('security_event_type', SECURITY_EVENT_TYPES);
export const eventSeverityEnum = pgEnum('event_severity', SEVERITIES);

/** A required scan_id column that goes with its scan. */
export const scanRef = () =>
  uuid('scan_id')
    .notNull()
    .references(() => scans.id, { onDelete: 'cascade' });

export const scans = pgTable(
  'scans',
  {
    id: id(),
    userId: userRef(),
    organizationId: orgRef(),
    scanName: text('scan_name').notNull(),
    scanType: scanTypeEnum('scan_type').notNull(),
    targetHosts: text('target_hosts').array().notNull(),
    /** Custom port list in the engine's grammar; null: the scan type's default ports. */
    ports: text('ports'),
    status: scanStatusEnum('status').notNull().default('pending'),
    progress: integer('progress').notNull().default(0),
    error: text('error'),
    createdAt: createdAt(),
    /** Set when start was asked while the organization was at its concurrency limit. */
    queuedAt: tstz('queued_at'),
    startedAt: tstz('started_at'),
    completedAt: tstz('completed_at'),
    /** Set when the owner's e-mail notices about the finished scan were handled. */
    notifiedAt: tstz('notified_at'),
  },
  (t) => [
    check('scans_progress_range', sql`${t.progress} between 0 and 100`),
    index('scans_org_created_idx').on(t.organizationId, t.createdAt),
    index('scans_user_idx').on(t.userId),
    index('scans_org_status_idx').on(t.organizationId, t.status),
  ],
);

/**
 * One vulnerability of an organization: the same finding (host, port, protocol, check, CVE or
 * title) seen by several scans stays one row, with its sightings in vulnerability_sightings.
 */
export const vulnerabilities = pgTable(
  'vulnerabilities',
  {
    id: id(),
    /** The scan that first found it. */
    scanId: uuid('scan_id').references(() => scans.id, { onDelete: 'set null' }),
    userId: userRef(),
    organizationId: orgRef(),
    title: text('title').notNull(),
    host: text('host').notNull(),
    port: integer('port'),
    protocol: text('protocol').notNull().default('tcp'),
    service: text('service'),
    vulnerabilityType: text('vulnerability_type').notNull(),
    severity: vulnSeverityEnum('severity').notNull(),
    cveId: text('cve_id'),
    cvssScore: doublePrecision('cvss_score'),
    riskScore: doublePrecision('risk_score'),
    description: text('description'),
    solution: text('solution'),
    evidence: jsonb('evidence'),
    /** How the finding was established (contracts ZDetection); null for imported findings. */
    detection: jsonb('detection').$type<TDetection>(),
    /** Engine check id of a scanner finding. */
    checkId: text('check_id'),
    /** host|port|protocol|check|cve-or-title: the identity of a finding across scans. */
    findingKey: text('finding_key'),
    state: vulnStateEnum('state').notNull().default('open'),
    firstSeenAt: tstz('first_seen_at').notNull().defaultNow(),
    lastSeenAt: tstz('last_seen_at').notNull().defaultNow(),
    lastScanId: uuid('last_scan_id').references(() => scans.id, { onDelete: 'set null' }),
    occurrences: integer('occurrences').notNull().default(1),
    /** Remediation due date from severity, counted from first sighting or the last reopening. */
    dueAt: tstz('due_at'),
    fixedAt: tstz('fixed_at'),
    fixedScanId: uuid('fixed_scan_id').references(() => scans.id, { onDelete: 'set null' }),
    reopenedAt: tstz('reopened_at'),
    reopenCount: integer('reopen_count').notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('vulnerabilities_org_finding_uq').on(t.organizationId, t.findingKey),
    index('vulnerabilities_org_created_idx').on(t.organizationId, t.createdAt),
    index('vulnerabilities_org_host_idx').on(t.organizationId, t.host),
    index('vulnerabilities_scan_idx').on(t.scanId),
  ],
);

/** A scan that saw a vulnerability: one row per (scan, vulnerability), however often retried. */
export const vulnerabilitySightings = pgTable(
  'vulnerability_sightings',
  {
    id: id(),
    vulnerabilityId: uuid('vulnerability_id')
      .notNull()
      .references(() => vulnerabilities.id, { onDelete: 'cascade' }),
    scanId: scanRef(),
    organizationId: orgRef(),
    seenAt: tstz('seen_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('vulnerability_sightings_scan_vuln_uq').on(t.scanId, t.vulnerabilityId),
    index('vulnerability_sightings_vuln_idx').on(t.vulnerabilityId),
  ],
);

export const threatMitigationActions = pgTable(
  'threat_mitigation_actions',
  {
    id: id(),
    vulnerabilityId: uuid('vulnerability_id')
      .notNull()
      .references(() => vulnerabilities.id, { onDelete: 'cascade' }),
    organizationId: orgRef(),
    userId: userRef(),
    actionType: text('action_type').notNull(),
    priority: actionPriorityEnum('priority').notNull().default('medium'),
    status: actionStatusEnum('status').notNull().default('pending'),
    title: text('title').notNull(),
    description: text('description'),
    estimatedTime: integer('estimated_time'),
    instructions: text('instructions'),
    createdAt: createdAt(),
    updatedAt: tstz('updated_at').notNull().defaultNow(),
  },
  (t) => [
    index('mitigation_vulnerability_idx').on(t.vulnerabilityId),
    index('mitigation_org_idx').on(t.organizationId),
  ],
);

export const reports = pgTable(
  'reports',
  {
    id: id(),
    userId: userRef(),
    organizationId: orgRef(),
    scanId: uuid('scan_id').references(() => scans.id, { onDelete: 'set null' }),
    reportType: reportTypeEnum('report_type').notNull(),
    title: text('title').notNull(),
    summary: text('summary'),
    content: jsonb('content'),
    status: reportStatusEnum('status').notNull().default('ready'),
    error: text('error'),
    createdAt: createdAt(),
  },
  (t) => [index('reports_org_created_idx').on(t.organizationId, t.createdAt)],
);

export const securityEvents = pgTable(
  'security_events',
  {
    id: id(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    organizationId: uuid('organization_id').references(() => organizations.id, {
      onDelete: 'set null',
    }),
    eventType: eventTypeEnum('event_type').notNull(),
    severity: eventSeverityEnum('severity').notNull(),
    description: text('description').notNull(),
    metadata: jsonb('metadata'),
    ipAddress: text('ip_address'),
    userAgent: text('user_agent'),
    createdAt: createdAt(),
    /**
     * Tamper-evident chain (modules/audit/event-chain.ts): the organization and user at insert,
     * kept when the FK columns above are set to null by a deletion; the chain is per chain_org.
     */
    chainOrg: uuid('chain_org'),
    chainUser: uuid('chain_user'),
    /** 1-based position in the chain of chain_org; null only for rows older than the chain. */
    seq: bigint('seq', { mode: 'number' }),
    /** hash of the previous row of the chain (64 zeros for the first). */
    prevHash: text('prev_hash'),
    /** Hex sha256 of the row's canonical form, prev_hash included. */
    hash: text('hash'),
  },
  (t) => [
    index('security_events_org_created_idx').on(t.organizationId, t.createdAt),
    index('security_events_user_idx').on(t.userId),
    unique('security_events_chain_seq_uq').on(t.chainOrg, t.seq).nullsNotDistinct(),
  ],
);

export const auditLogs = pgTable(
  'audit_logs',
  {
    id: id(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    organizationId: uuid('organization_id').references(() => organizations.id, {
      onDelete: 'set null',
    }),
    action: text('action').notNull(),
    resourceType: text('resource_type').notNull(),
    resourceId: text('resource_id'),
    details: jsonb('details'),
    ipAddress: text('ip_address'),
    createdAt: createdAt(),
  },
  (t) => [index('audit_logs_org_created_idx').on(t.organizationId, t.createdAt)],
);
