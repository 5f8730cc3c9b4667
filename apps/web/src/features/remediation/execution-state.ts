import {
  ACTIVE_EXECUTION_STATUSES,
  ROLLBACK_FROM_STATUSES,
  type TExecution,
  type TExecutionStatus,
} from '@netguard/contracts';

const includes = (list: readonly TExecutionStatus[], status: TExecutionStatus) =>
  list.includes(status);

/** A job is on it, or its dry run is still being computed: worth reading again soon. */
export const isWorking = (e: Pick<TExecution, 'status' | 'dryRun'>) =>
  includes(ACTIVE_EXECUTION_STATUSES, e.status) || (e.status === 'proposed' && !e.dryRun);

/** Approve applies to a proposal whose dry run is there to look at (a dry-run-only one never runs). */
export const awaitsApproval = (e: Pick<TExecution, 'status' | 'dryRun' | 'dryRunOnly'>) =>
  e.status === 'proposed' && e.dryRun !== null && !e.dryRunOnly;

/** Cancel: before anything was changed on the host. */
export const isCancellable = (e: Pick<TExecution, 'status'>) =>
  e.status === 'proposed' || e.status === 'approved';

/** Roll back: after an apply, the captured state can be put back. */
export const isRollbackable = (e: Pick<TExecution, 'status'>) =>
  includes(ROLLBACK_FROM_STATUSES, e.status);

/** High-risk approval: the target typed exactly as the execution names it. */
export const acknowledgementMatches = (e: Pick<TExecution, 'target'>, typed: string) =>
  typed === e.target;
