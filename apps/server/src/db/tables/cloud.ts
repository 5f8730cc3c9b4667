import {
  CLOUD_CONNECTION_STATUSES,
  CLOUD_EXPOSURES,
  CLOUD_PROVIDERS,
  CLOUD_SCAN_STATUSES,
  type TCloudCallSummary,
  type TCloudGap,
  type TCloudSeverityCounts,
} from '@netguard/contracts';
import {
  boolean,
  index,
  integer,
  jsonb,
  pgEnum,
  pgTable,
  primaryKey,
  text,
  uuid,
} from 'drizzle-orm/pg-core';
import { orgRef, users } from './accounts.ts';
import { createdAt, id, tstz } from './columns.ts';
import { vulnerabilities } from './security.ts';

export const cloudProviderEnum = pgEnum('cloud_provider', CLOUD_PROVIDERS);
export const cloudConnectionStatusEnum = pgEnum(
  'cloud_connection_status',
  CLOUD_CONNECTION_STATUSES,
);
export const cloudScanStatusEnum = pgEnum('cloud_scan_status', CLOUD_SCAN_STATUSES);
export const cloudExposureEnum = pgEnum('cloud_exposure', CLOUD_EXPOSURES);

/**
 * A cloud account the organization connected. The credentials are sealed (AES-256-GCM, bound to
 * the row's id); a disconnect deletes the row and with it the secret.
 */
export const cloudConnections = pgTable(
  'cloud_connections',
  {
    id: id(),
    organizationId: orgRef(),
    provider: cloudProviderEnum('provider').notNull(),
    name: text('name').notNull(),
    sealedCredentials: text('sealed_credentials').notNull(),
    /** Default region (AWS, GCP) or location (Azure). */
    region: text('region').notNull(),
    account: text('account'),
    principal: text('principal'),
    status: cloudConnectionStatusEnum('status').notNull().default('connected'),
    lastError: text('last_error'),
    lastScanAt: tstz('last_scan_at'),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [index('cloud_connections_org_idx').on(t.organizationId, t.createdAt)],
);

/** Which part of the provider a scan covers: every check, or one spec service. */
export type CloudServiceScope = { service: string; scanType: string; region: string | null };

/** One scan of one connection, run by a pg-boss job. */
export const cloudScans = pgTable(
  'cloud_scans',
  {
    id: id(),
    organizationId: orgRef(),
    connectionId: uuid('connection_id').references(() => cloudConnections.id, {
      onDelete: 'set null',
    }),
    /** Kept when the connection is removed, so the history still reads. */
    connectionName: text('connection_name').notNull(),
    provider: cloudProviderEnum('provider').notNull(),
    serviceScope: jsonb('service_scope').$type<CloudServiceScope>(),
    status: cloudScanStatusEnum('status').notNull().default('queued'),
    progressDone: integer('progress_done').notNull().default(0),
    progressTotal: integer('progress_total').notNull().default(0),
    phase: text('phase').notNull().default('queued'),
    counts: jsonb('counts').$type<TCloudSeverityCounts>(),
    accounts: jsonb('accounts').$type<string[]>().notNull().default([]),
    gaps: jsonb('gaps').$type<TCloudGap[]>().notNull().default([]),
    calls: jsonb('calls').$type<TCloudCallSummary>(),
    error: text('error'),
    attempts: integer('attempts').notNull().default(0),
    requestedBy: uuid('requested_by').references(() => users.id, { onDelete: 'set null' }),
    heartbeatAt: tstz('heartbeat_at'),
    createdAt: createdAt(),
    startedAt: tstz('started_at'),
    finishedAt: tstz('finished_at'),
  },
  (t) => [
    index('cloud_scans_org_created_idx').on(t.organizationId, t.createdAt),
    index('cloud_scans_connection_idx').on(t.connectionId, t.createdAt),
    index('cloud_scans_status_idx').on(t.status),
  ],
);

/** The cloud side of a vulnerability whose source is a cloud scan. */
export const cloudFindings = pgTable(
  'cloud_findings',
  {
    vulnerabilityId: uuid('vulnerability_id')
      .primaryKey()
      .references(() => vulnerabilities.id, { onDelete: 'cascade' }),
    organizationId: orgRef(),
    connectionId: uuid('connection_id').references(() => cloudConnections.id, {
      onDelete: 'set null',
    }),
    provider: cloudProviderEnum('provider').notNull(),
    account: text('account').notNull(),
    region: text('region').notNull(),
    resourceId: text('resource_id').notNull(),
    resourceType: text('resource_type').notNull(),
    checkId: text('check_id').notNull(),
    detail: text('detail').notNull(),
    /** The check's remediation, then its CLI fix. */
    recommendations: jsonb('recommendations').$type<string[]>().notNull().default([]),
    tags: jsonb('tags').$type<Record<string, string>>().notNull().default({}),
    publicAddresses: jsonb('public_addresses').$type<string[]>().notNull().default([]),
    exposedPorts: jsonb('exposed_ports').$type<number[]>().notNull().default([]),
    exposure: cloudExposureEnum('exposure').notNull().default('unchecked'),
    reachablePorts: jsonb('reachable_ports').$type<number[]>().notNull().default([]),
    lastScanId: uuid('last_scan_id').references(() => cloudScans.id, { onDelete: 'set null' }),
    fixedScanId: uuid('fixed_scan_id').references(() => cloudScans.id, { onDelete: 'set null' }),
  },
  (t) => [
    index('cloud_findings_org_idx').on(t.organizationId, t.checkId),
    index('cloud_findings_connection_idx').on(t.connectionId),
  ],
);

/** A cloud scan that saw a finding: one row per (scan, vulnerability), however often re-run. */
export const cloudFindingSightings = pgTable(
  'cloud_finding_sightings',
  {
    scanId: uuid('scan_id')
      .notNull()
      .references(() => cloudScans.id, { onDelete: 'cascade' }),
    vulnerabilityId: uuid('vulnerability_id')
      .notNull()
      .references(() => vulnerabilities.id, { onDelete: 'cascade' }),
    organizationId: orgRef(),
    /** The finding was open before this scan, or new (first seen or reopened) in it. */
    wasNew: boolean('was_new').notNull().default(false),
  },
  (t) => [
    primaryKey({ columns: [t.scanId, t.vulnerabilityId] }),
    index('cloud_finding_sightings_vuln_idx').on(t.vulnerabilityId),
  ],
);

/**
 * Accepted risk: open cloud findings matching every field given are hidden until the rule
 * expires. resource_like is the pattern as a LIKE expression (`*` → `%`, the rest escaped).
 */
export const cloudMuteRules = pgTable(
  'cloud_mute_rules',
  {
    id: id(),
    organizationId: orgRef(),
    checkId: text('check_id'),
    resourcePattern: text('resource_pattern'),
    resourceLike: text('resource_like'),
    tagKey: text('tag_key'),
    tagValue: text('tag_value'),
    account: text('account'),
    region: text('region'),
    reason: text('reason').notNull(),
    expiresAt: tstz('expires_at').notNull(),
    authorId: uuid('author_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [index('cloud_mute_rules_org_idx').on(t.organizationId, t.expiresAt)],
);
