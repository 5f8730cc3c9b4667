// Compliance evidence (issue 34): evidence items and their files, the append-only ledger, the
// signed digests over it, the organization's signing key, collection runs and schedules, and the
// compliance reports. The ledger and digests refuse UPDATE and DELETE (migration 0023's trigger).
import type { LedgerEntry, LedgerKind } from '@netguard/evidence';
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  customType,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  uuid,
} from 'drizzle-orm/pg-core';
import { orgRef, users } from './accounts.ts';
import { createdAt, id, tstz } from './columns.ts';

const bytea = customType<{ data: Buffer }>({ dataType: () => 'bytea' });
const userSetNull = (name: string) =>
  uuid(name).references(() => users.id, { onDelete: 'set null' });

type JsonObject = { [key: string]: unknown };

/** One evidence item: a fact, when it was observed, where it came from and its content hash. */
export const evidenceItems = pgTable(
  'evidence_items',
  {
    id: id(),
    organizationId: orgRef(),
    type: text('type').notNull(),
    title: text('title').notNull(),
    description: text('description'),
    /** `framework:id` of each requirement served, e.g. `soc2:CC6.1`. */
    requirementIds: text('requirement_ids').array().notNull(),
    /** The library's EvidenceSource: collector (id, version), cloud or upload. */
    source: jsonb('source').$type<JsonObject>().notNull(),
    collectorId: text('collector_id'),
    collectorVersion: text('collector_version'),
    outcome: text('outcome').$type<'satisfied' | 'partial' | 'not_satisfied'>().notNull(),
    observedAt: tstz('observed_at').notNull(),
    collectedAt: tstz('collected_at').notNull(),
    expiresAt: tstz('expires_at').notNull(),
    reviewRequired: boolean('review_required').notNull().default(false),
    reviewedAt: tstz('reviewed_at'),
    reviewedBy: userSetNull('reviewed_by'),
    metadata: jsonb('metadata').$type<JsonObject>().notNull(),
    attachments: jsonb('attachments').$type<JsonObject[]>().notNull().default([]),
    /** SHA-256 of the RFC 8785 canonical content (packages/evidence contentOf). */
    contentHash: text('content_hash').notNull(),
    /** The last status the ledger recorded: valid, expired or pending_review. */
    status: text('status').$type<'valid' | 'expired' | 'pending_review'>().notNull(),
    runId: uuid('run_id'),
    createdBy: userSetNull('created_by'),
  },
  (t) => [
    index('evidence_items_org_collector_idx').on(t.organizationId, t.collectorId, t.observedAt),
    index('evidence_items_requirements_idx').using('gin', t.requirementIds),
  ],
);

/** The bytes of an uploaded evidence file. */
export const evidenceFiles = pgTable('evidence_files', {
  evidenceId: uuid('evidence_id')
    .primaryKey()
    .references(() => evidenceItems.id, { onDelete: 'cascade' }),
  organizationId: orgRef(),
  name: text('name').notNull(),
  mediaType: text('media_type').notNull(),
  size: integer('size').notNull(),
  sha256: text('sha256').notNull(),
  data: bytea('data').notNull(),
});

/** The append-only ledger: each row carries the hash of its organization's previous row. */
export const evidenceLedger = pgTable(
  'evidence_ledger',
  {
    organizationId: orgRef(),
    seq: bigint('seq', { mode: 'number' }).notNull(),
    kind: text('kind').$type<LedgerKind>().notNull(),
    /** The evidence item's id; for the request kinds, the evidence request's. */
    evidenceId: uuid('evidence_id').notNull(),
    contentHash: text('content_hash').notNull(),
    status: text('status').$type<LedgerEntry['status']>().notNull(),
    at: tstz('at').notNull(),
    prevHash: text('prev_hash').notNull(),
    hash: text('hash').notNull(),
  },
  (t) => [primaryKey({ columns: [t.organizationId, t.seq] })],
);

/** Signed digests of the ledger (packages/evidence Digest), numbered per organization. */
export const evidenceDigests = pgTable(
  'evidence_digests',
  {
    organizationId: orgRef(),
    number: integer('number').notNull(),
    digestTime: tstz('digest_time').notNull(),
    fromSeq: bigint('from_seq', { mode: 'number' }).notNull(),
    toSeq: bigint('to_seq', { mode: 'number' }).notNull(),
    digest: jsonb('digest').$type<JsonObject>().notNull(),
    runId: uuid('run_id'),
  },
  (t) => [primaryKey({ columns: [t.organizationId, t.number] })],
);

/** The organization's Ed25519 signing key; the private half sealed with the deployment key. */
export const evidenceKeys = pgTable('evidence_keys', {
  organizationId: orgRef().primaryKey(),
  publicKeyPem: text('public_key_pem').notNull(),
  fingerprint: text('fingerprint').notNull(),
  sealedPrivateKey: text('sealed_private_key').notNull(),
  createdAt: createdAt(),
});

/** A collection run: on demand (a framework or one requirement) or scheduled. */
export const evidenceRuns = pgTable(
  'evidence_runs',
  {
    id: id(),
    organizationId: orgRef(),
    frameworkId: text('framework_id'),
    requirementId: text('requirement_id'),
    collectorIds: text('collector_ids').array(),
    trigger: text('trigger').$type<'manual' | 'schedule'>().notNull(),
    status: text('status').$type<'queued' | 'running' | 'completed' | 'failed'>().notNull(),
    requestedBy: userSetNull('requested_by'),
    itemCount: integer('item_count').notNull().default(0),
    error: text('error'),
    digestNumber: integer('digest_number'),
    createdAt: createdAt(),
    startedAt: tstz('started_at'),
    finishedAt: tstz('finished_at'),
    heartbeatAt: tstz('heartbeat_at'),
  },
  (t) => [index('evidence_runs_org_created_idx').on(t.organizationId, t.createdAt)],
);

/** How often evidence is collected, per framework or per collector. */
export const evidenceSchedules = pgTable(
  'evidence_schedules',
  {
    organizationId: orgRef(),
    scopeKind: text('scope_kind').$type<'framework' | 'collector'>().notNull(),
    scopeId: text('scope_id').notNull(),
    frequency: text('frequency').$type<'daily' | 'weekly' | 'monthly' | 'quarterly'>().notNull(),
    enabled: boolean('enabled').notNull().default(true),
    nextRunAt: tstz('next_run_at').notNull(),
    lastRunAt: tstz('last_run_at'),
    updatedBy: userSetNull('updated_by'),
    updatedAt: tstz('updated_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.organizationId, t.scopeKind, t.scopeId] }),
    index('evidence_schedules_due_idx').on(t.nextRunAt).where(sql`enabled`),
  ],
);

/** A generated compliance report: its content (JSON) rendered as JSON or PDF on download. */
export const complianceReports = pgTable('compliance_reports', {
  id: id(),
  organizationId: orgRef(),
  frameworkId: text('framework_id').notNull(),
  title: text('title').notNull(),
  content: jsonb('content').$type<JsonObject>().notNull(),
  createdBy: userSetNull('created_by'),
  createdAt: createdAt(),
});

/** Each exported evidence package: the next one links to it (manifest hash, last signature). */
export const evidenceExports = pgTable(
  'evidence_exports',
  {
    id: id(),
    organizationId: orgRef(),
    frameworkId: text('framework_id'),
    manifestSha256: text('manifest_sha256').notNull(),
    lastDigestSignature: text('last_digest_signature').notNull(),
    packageCreatedAt: text('package_created_at').notNull(),
    size: integer('size').notNull(),
    createdBy: userSetNull('created_by'),
    createdAt: createdAt(),
  },
  (t) => [index('evidence_exports_org_idx').on(t.organizationId, t.createdAt)],
);

/**
 * A time-boxed grant to an outside auditor (a member with the auditor role): while an auditor
 * holds grants, their compliance access is limited to the granted frameworks and to evidence
 * observed within the audit period, and ends at expires_at.
 */
export const evidenceAuditorGrants = pgTable(
  'evidence_auditor_grants',
  {
    id: id(),
    organizationId: orgRef(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    frameworkId: text('framework_id').notNull(),
    periodStart: tstz('period_start').notNull(),
    periodEnd: tstz('period_end').notNull(),
    expiresAt: tstz('expires_at').notNull(),
    grantedBy: userSetNull('granted_by'),
    createdAt: createdAt(),
  },
  (t) => [index('evidence_auditor_grants_user_idx').on(t.organizationId, t.userId)],
);

/**
 * An auditor's request for evidence for one requirement (migration 0027): open until an admin
 * closes it, fulfilled by an evidence item or a collection run, or declined with a reason.
 */
export const evidenceRequests = pgTable(
  'evidence_requests',
  {
    id: id(),
    organizationId: orgRef(),
    frameworkId: text('framework_id').notNull(),
    requirementId: text('requirement_id').notNull(),
    message: text('message').notNull(),
    status: text('status').$type<'open' | 'fulfilled' | 'declined'>().notNull().default('open'),
    requestedBy: userSetNull('requested_by'),
    createdAt: createdAt(),
    closedAt: tstz('closed_at'),
    closedBy: userSetNull('closed_by'),
    reason: text('reason'),
    evidenceId: uuid('evidence_id').references(() => evidenceItems.id, { onDelete: 'set null' }),
    runId: uuid('run_id').references(() => evidenceRuns.id, { onDelete: 'set null' }),
  },
  (t) => [index('evidence_requests_org_status_idx').on(t.organizationId, t.status, t.createdAt)],
);
