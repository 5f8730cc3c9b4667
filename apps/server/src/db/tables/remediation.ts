import {
  ACTIVE_EXECUTION_STATUSES,
  BATCH_STATUSES,
  EXECUTION_STATUSES,
  type TDryRun,
  type TFailedVerificationPolicy,
  type TFourEyesLevel,
  type ZRemediationWorkflowTemplate,
} from '@netguard/contracts';
import type { CapturedState, StepLog, Verification } from '@netguard/remediation';
import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  jsonb,
  pgEnum,
  pgTable,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import { orgRef, users } from './accounts.ts';
import { createdAt, id, tstz } from './columns.ts';
import { vulnerabilities } from './security.ts';

export const executionStatusEnum = pgEnum('remediation_status', EXECUTION_STATUSES);
export const batchStatusEnum = pgEnum('remediation_batch_status', BATCH_STATUSES);

const userSetNull = (name: string) =>
  uuid(name).references(() => users.id, { onDelete: 'set null' });

/**
 * An SSH connection to a host the organization remediates. The key or password is sealed
 * (AES-256-GCM, bound to the row). The host key is pinned when a person gives it or confirms the
 * one a connection saw (seen_host_key_sha256), and checked on every connection after.
 */
export const remediationHosts = pgTable(
  'remediation_hosts',
  {
    id: id(),
    organizationId: orgRef(),
    name: text('name').notNull(),
    address: text('address').notNull(),
    port: integer('port').notNull().default(22),
    username: text('username').notNull(),
    authType: text('auth_type').$type<'key' | 'password'>().notNull(),
    sealedCredentials: text('sealed_credentials').notNull(),
    privilege: text('privilege').$type<'none' | 'sudo'>().notNull(),
    hostKeySha256: text('host_key_sha256'),
    seenHostKeySha256: text('seen_host_key_sha256'),
    hostKeyConfirmedAt: tstz('host_key_confirmed_at'),
    hostKeyConfirmedBy: userSetNull('host_key_confirmed_by'),
    lastConnectedAt: tstz('last_connected_at'),
    lastError: text('last_error'),
    createdBy: userSetNull('created_by'),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('remediation_hosts_org_address_uq').on(t.organizationId, t.address)],
);

/** The organization's approval policy (one row; defaults when missing). */
export const remediationPolicies = pgTable('remediation_policies', {
  organizationId: orgRef().primaryKey(),
  analystsMayApprove: boolean('analysts_may_approve').notNull().default(false),
  allowAutoApprove: boolean('allow_auto_approve').notNull().default(false),
  maxHostsPerRun: integer('max_hosts_per_run').notNull().default(5),
  /** roll_back: a change that failed verification is rolled back at once; keep: left applied. */
  onFailedVerification: text('on_failed_verification')
    .$type<TFailedVerificationPolicy>()
    .notNull()
    .default('roll_back'),
  /** off, high, medium: from this risk level the proposer of an execution may not approve it. */
  fourEyes: text('four_eyes').$type<TFourEyesLevel>().notNull().default('off'),
  updatedAt: tstz('updated_at').notNull().defaultNow(),
});

/** A workflow template the periodic job runs: which findings to propose remediation for. */
export const remediationWorkflows = pgTable('remediation_workflows', {
  id: id(),
  organizationId: orgRef(),
  template: jsonb('template').$type<z.infer<typeof ZRemediationWorkflowTemplate>>().notNull(),
  lastRunAt: tstz('last_run_at'),
  createdBy: userSetNull('created_by'),
  createdAt: createdAt(),
});

/** A batch scheduled for a window, run in waves of at most max_hosts_per_run hosts. */
export const remediationBatches = pgTable('remediation_batches', {
  id: id(),
  organizationId: orgRef(),
  status: batchStatusEnum('status').notNull().default('scheduled'),
  scheduleTime: tstz('schedule_time').notNull(),
  windowEndsAt: tstz('window_ends_at').notNull(),
  maxHostsPerRun: integer('max_hosts_per_run').notNull(),
  stopOnFailure: boolean('stop_on_failure').notNull(),
  skipped: jsonb('skipped').$type<{ vulnerabilityId: string; reason: string }[]>().notNull(),
  error: text('error'),
  createdBy: userSetNull('created_by'),
  createdAt: createdAt(),
});

export type Transition = { at: string; status: string; by: string | null; note: string | null };

/**
 * One execution of an action on one target, through its state machine (contracts
 * EXECUTION_STATUSES). `captured` is the state before the apply, which a rollback restores;
 * `transitions` records who moved it where and when. The partial unique index allows one active
 * execution per target: a second one waits in approved.
 */
export const remediationExecutions = pgTable(
  'remediation_executions',
  {
    id: id(),
    organizationId: orgRef(),
    vulnerabilityId: uuid('vulnerability_id').references(() => vulnerabilities.id, {
      onDelete: 'set null',
    }),
    checkId: text('check_id'),
    actionId: text('action_id').notNull(),
    /** host:port or the cloud resource; the lock key of "one execution per host". */
    target: text('target').notNull(),
    /** The host part of the target: one running execution per host. */
    lockKey: text('lock_key').notNull(),
    hostId: uuid('host_id').references(() => remediationHosts.id, { onDelete: 'set null' }),
    cloudConnectionId: uuid('cloud_connection_id'),
    params: jsonb('params').$type<Record<string, unknown>>().notNull(),
    status: executionStatusEnum('status').notNull().default('proposed'),
    dryRunOnly: boolean('dry_run_only').notNull().default(false),
    dryRun: jsonb('dry_run').$type<TDryRun>(),
    captured: jsonb('captured').$type<CapturedState>(),
    steps: jsonb('steps').$type<StepLog[]>().notNull().default([]),
    verification: jsonb('verification').$type<Verification>(),
    rollbackVerification: jsonb('rollback_verification').$type<Verification>(),
    /** What the policy did when verification failed: rolled back automatically, or kept. */
    failedVerificationAction: text('failed_verification_action').$type<TFailedVerificationPolicy>(),
    transitions: jsonb('transitions').$type<Transition[]>().notNull().default([]),
    error: text('error'),
    requestedBy: userSetNull('requested_by'),
    approvedBy: userSetNull('approved_by'),
    autoApproved: boolean('auto_approved').notNull().default(false),
    acknowledgement: text('acknowledgement'),
    /** A rollback asked for while another execution was changing the host: run when it is free. */
    rollbackRequestedAt: tstz('rollback_requested_at'),
    rollbackRequestedBy: userSetNull('rollback_requested_by'),
    batchId: uuid('batch_id').references(() => remediationBatches.id, { onDelete: 'set null' }),
    workflowId: uuid('workflow_id').references(() => remediationWorkflows.id, {
      onDelete: 'set null',
    }),
    attempts: integer('attempts').notNull().default(0),
    /** A runner holds it while this is fresh; a killed runner's execution is taken over after. */
    heartbeatAt: tstz('heartbeat_at'),
    /** Not run before this time: a busy host's wait, a batch's held execution (infinity). */
    nextRunAt: tstz('next_run_at'),
    createdAt: createdAt(),
    updatedAt: tstz('updated_at').notNull().defaultNow(),
    finishedAt: tstz('finished_at'),
  },
  (t) => [
    index('remediation_executions_org_idx').on(t.organizationId, t.createdAt),
    index('remediation_executions_vuln_idx').on(t.vulnerabilityId),
    uniqueIndex('remediation_executions_running_uq')
      .on(t.organizationId, t.lockKey)
      .where(
        sql.raw(
          `status in (${ACTIVE_EXECUTION_STATUSES.filter((s) => s !== 'approved')
            .map((s) => `'${s}'`)
            .join(', ')})`,
        ),
      ),
  ],
);

/** Verification results kept as evidence: the check re-run after an apply or a rollback. */
export const remediationVerifications = pgTable(
  'remediation_verifications',
  {
    id: id(),
    organizationId: orgRef(),
    executionId: uuid('execution_id')
      .notNull()
      .references(() => remediationExecutions.id, { onDelete: 'cascade' }),
    vulnerabilityId: uuid('vulnerability_id'),
    phase: text('phase').$type<'apply' | 'rollback'>().notNull(),
    checkId: text('check_id').notNull(),
    target: text('target').notNull(),
    fixed: boolean('fixed').notNull(),
    evidence: text('evidence').notNull(),
    checkedAt: tstz('checked_at').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('remediation_verifications_exec_idx').on(t.executionId)],
);
