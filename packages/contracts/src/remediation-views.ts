// What the remediation API answers: executions with their dry run, timeline, verification
// evidence; the summary cards computed from real executions; batches; plan validation.
import { z } from 'zod';
import {
  AUTOMATION_LEVELS,
  EXECUTION_STATUSES,
  FAILED_VERIFICATION_POLICIES,
  REMEDIATION_RISK_LEVELS,
  ZRemediationPolicy,
} from './remediation.ts';

export const ZStepLog = z.object({
  at: z.string(),
  step: z.string(),
  ok: z.boolean(),
  output: z.string().optional(),
});

export const ZDryRun = z.object({
  changes: z.boolean(),
  diffs: z.array(z.object({ target: z.string(), diff: z.string() })),
  script: z.string().optional(),
  playbook: z.string().optional(),
  apiCalls: z
    .array(z.object({ call: z.string(), params: z.record(z.string(), z.unknown()) }))
    .optional(),
  log: z.array(ZStepLog),
});
export type TDryRun = z.infer<typeof ZDryRun>;

/** A re-run of the check that raised the finding: the evidence kept for auditors. */
export const ZVerification = z.object({
  checkId: z.string(),
  fixed: z.boolean(),
  evidence: z.string(),
  at: z.string(),
});

/** One transition: who moved the execution to which state, and why. */
export const ZTransition = z.object({
  at: z.string(),
  status: z.enum(EXECUTION_STATUSES),
  by: z.string().nullable(),
  note: z.string().nullable(),
});

export const ZExecution = z.object({
  id: z.string(),
  vulnerabilityId: z.string().nullable(),
  vulnerabilityTitle: z.string().nullable(),
  checkId: z.string().nullable(),
  actionId: z.string(),
  actionName: z.string(),
  riskLevel: z.enum(REMEDIATION_RISK_LEVELS),
  automationLevel: z.enum(AUTOMATION_LEVELS),
  /** host:port, or the cloud resource. */
  target: z.string(),
  hostId: z.string().nullable(),
  status: z.enum(EXECUTION_STATUSES),
  /** Only the dry run was asked for: it is never applied. */
  dryRunOnly: z.boolean(),
  dryRun: ZDryRun.nullable(),
  /** Steps of the apply and the rollback, as they happened. */
  steps: z.array(ZStepLog),
  verification: ZVerification.nullable(),
  rollbackVerification: ZVerification.nullable(),
  /**
   * Set when verification failed: what the organization's policy did with the change then
   * (roll_back: rolled back automatically, the failed verification kept as evidence; keep: left
   * applied until someone rolls it back).
   */
  failedVerificationAction: z.enum(FAILED_VERIFICATION_POLICIES).nullable(),
  transitions: z.array(ZTransition),
  error: z.string().nullable(),
  requestedBy: z.string().nullable(),
  approvedBy: z.string().nullable(),
  autoApproved: z.boolean(),
  /** A rollback was asked for and waits for another execution on the same host to end. */
  rollbackRequested: z.boolean(),
  /** High-risk actions need the target typed out to approve. */
  needsAcknowledgement: z.boolean(),
  /** The policy's four eyes cover it: the person who proposed it may not approve it. */
  needsSecondApprover: z.boolean(),
  batchId: z.string().nullable(),
  workflowId: z.string().nullable(),
  estimatedTime: z.number().int(),
  /** The e-mail of each user id above (requestedBy, approvedBy, transitions' by). */
  people: z.record(z.string(), z.string()),
  createdAt: z.string(),
  updatedAt: z.string(),
  finishedAt: z.string().nullable(),
});
export type TExecution = z.infer<typeof ZExecution>;

/** The page's cards, from the organization's executions. */
export const ZRemediationSummary = z.object({
  /** Executions a job is working on, or waiting for approval. */
  active: z.number().int(),
  /** Finished executions whose apply the check verified (rolled back later or not), 0-100; null before any finished. */
  successRate: z.number().nullable(),
  /** Minutes: estimated times of verified automated (fully or semi) executions. */
  timeSavedMinutes: z.number().int(),
  /** Verified executions of fully automated actions. */
  autoFixed: z.number().int(),
  finished: z.number().int(),
  verified: z.number().int(),
});
export type TRemediationSummary = z.infer<typeof ZRemediationSummary>;

export const ZExecutionList = z.object({
  executions: z.array(ZExecution),
  total: z.number().int(),
});
export type TExecutionList = z.infer<typeof ZExecutionList>;

export const ZRemediationOverview = z.object({
  summary: ZRemediationSummary,
  active: z.array(ZExecution),
  policy: ZRemediationPolicy,
});
export type TRemediationOverview = z.infer<typeof ZRemediationOverview>;

export const ZRollbackResult = z.object({ success: z.boolean(), execution: ZExecution });

export const BATCH_STATUSES = [
  'scheduled',
  'running',
  'completed',
  'stopped',
  'cancelled',
] as const;

export const ZBatch = z.object({
  id: z.string(),
  status: z.enum(BATCH_STATUSES),
  scheduleTime: z.string(),
  windowEndsAt: z.string(),
  maxHostsPerRun: z.number().int(),
  stopOnFailure: z.boolean(),
  executions: z.number().int(),
  verified: z.number().int(),
  failed: z.number().int(),
  /** Executions waiting for a second person's approval (four eyes) before the batch runs them. */
  awaitingApproval: z.number().int(),
  /** Findings left out, each with why (no action, no host connection). */
  skipped: z.array(z.object({ vulnerabilityId: z.string(), reason: z.string() })),
  error: z.string().nullable(),
  createdAt: z.string(),
});
export type TBatch = z.infer<typeof ZBatch>;
export const ZBatchList = z.object({ batches: z.array(ZBatch) });

export const ZPlanValidation = z.object({
  valid: z.boolean(),
  problems: z.array(z.string()),
  /** Each prerequisite with what was checked: true, false, or null when only a person can tell. */
  prerequisites: z.array(z.object({ text: z.string(), met: z.boolean().nullable() })),
  dryRun: ZDryRun.nullable(),
  /** The finding's address when the action works over SSH and no SSH host has that address. */
  missingHost: z.string().nullable(),
});
export type TPlanValidation = z.infer<typeof ZPlanValidation>;
