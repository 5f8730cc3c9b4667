import {
  SCAN_STATUSES,
  SCAN_TYPE_VALUES,
  SECURITY_EVENT_TYPES,
  SEVERITIES,
  VULN_SEVERITIES,
} from '@netguard/contracts';
import { sql } from 'drizzle-orm';
import {
  check,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgEnum,
  pgTable,
  text,
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
export const REPORT_TYPES = ['executive', 'technical', 'compliance', 'trend'] as const;
export const reportTypeEnum = pgEnum('report_type', REPORT_TYPES);
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
    status: scanStatusEnum('status').notNull().default('pending'),
    progress: integer('progress').notNull().default(0),
    error: text('error'),
    createdAt: createdAt(),
    /** Set when start was asked while the organization was at its concurrency limit. */
    queuedAt: tstz('queued_at'),
    startedAt: tstz('started_at'),
    completedAt: tstz('completed_at'),
  },
  (t) => [
    check('scans_progress_range', sql`${t.progress} between 0 and 100`),
    index('scans_org_created_idx').on(t.organizationId, t.createdAt),
    index('scans_user_idx').on(t.userId),
    index('scans_org_status_idx').on(t.organizationId, t.status),
  ],
);

export const vulnerabilities = pgTable(
  'vulnerabilities',
  {
    id: id(),
    scanId: scanRef(),
    userId: userRef(),
    organizationId: orgRef(),
    title: text('title').notNull(),
    host: text('host').notNull(),
    port: integer('port'),
    service: text('service'),
    vulnerabilityType: text('vulnerability_type').notNull(),
    severity: vulnSeverityEnum('severity').notNull(),
    cveId: text('cve_id'),
    cvssScore: doublePrecision('cvss_score'),
    riskScore: doublePrecision('risk_score'),
    description: text('description'),
    solution: text('solution'),
    evidence: jsonb('evidence'),
    /** Engine check id of a scanner finding. */
    checkId: text('check_id'),
    /** host|port|protocol|check|cve-or-title: a retried chunk never stores a finding twice. */
    findingKey: text('finding_key'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('vulnerabilities_scan_finding_uq').on(t.scanId, t.findingKey),
    index('vulnerabilities_org_created_idx').on(t.organizationId, t.createdAt),
    index('vulnerabilities_scan_idx').on(t.scanId),
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
  },
  (t) => [
    index('security_events_org_created_idx').on(t.organizationId, t.createdAt),
    index('security_events_user_idx').on(t.userId),
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
