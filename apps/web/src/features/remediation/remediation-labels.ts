import type {
  AUTOMATION_LEVELS,
  BATCH_STATUSES,
  REMEDIATION_ACTION_TYPES,
  REMEDIATION_RISK_LEVELS,
  TExecution,
  TExecutionStatus,
  TFailedVerificationPolicy,
  TFourEyesLevel,
} from '@netguard/contracts';

type TAutomationLevel = (typeof AUTOMATION_LEVELS)[number];
type TActionType = (typeof REMEDIATION_ACTION_TYPES)[number];
export type TRiskLevel = (typeof REMEDIATION_RISK_LEVELS)[number];

export const STATUS_LABELS: Record<TExecutionStatus, string> = {
  proposed: 'Proposed',
  approved: 'Approved',
  dry_run: 'Dry run',
  executing: 'Executing',
  applied: 'Applied',
  verifying: 'Verifying',
  verified: 'Verified',
  failed_verification: 'Failed verification',
  rolling_back: 'Rolling back',
  rolled_back: 'Rolled back',
  failed: 'Failed',
  cancelled: 'Cancelled',
  dry_run_completed: 'Dry run completed',
};

export type TBatchStatus = (typeof BATCH_STATUSES)[number];

export const BATCH_STATUS_LABELS: Record<TBatchStatus, string> = {
  scheduled: 'Scheduled',
  running: 'Running',
  completed: 'Completed',
  stopped: 'Stopped',
  cancelled: 'Cancelled',
};

export const AUTOMATION_LABELS: Record<TAutomationLevel, string> = {
  fully_automated: 'Fully automated',
  semi_automated: 'Semi-automated',
  manual_guided: 'Manual (guided)',
};

export const ACTION_TYPE_LABELS: Record<TActionType, string> = {
  patch: 'Patch',
  network: 'Network',
  configuration: 'Configuration',
  cloud: 'Cloud',
};

export const RISK_LABELS: Record<TRiskLevel, string> = {
  low: 'Low risk',
  medium: 'Medium risk',
  high: 'High risk',
};

/** Why Execute is off for a manual action (its tooltip). */
export const MANUAL_ACTION_REASON =
  'This action is manual: follow its steps in View Details; NetGuard does not run it.';

export const FOUR_EYES_LABELS: Record<TFourEyesLevel, string> = {
  off: 'Off: whoever may approve can approve their own proposals',
  high: 'High-risk actions need a second person',
  medium: 'Medium- and high-risk actions need a second person',
};

export const FAILED_VERIFICATION_LABELS: Record<TFailedVerificationPolicy, string> = {
  roll_back: 'Roll it back automatically',
  keep: 'Keep it applied until someone rolls it back',
};

/** What the policy did with a change its check did not confirm; null when verification did not fail. */
export function failedVerificationOutcome(
  e: Pick<TExecution, 'status' | 'failedVerificationAction'>,
): string | null {
  if (e.failedVerificationAction === 'keep')
    return "Failed verification: kept applied, as the organization's policy says; roll it back when ready";
  if (e.failedVerificationAction !== 'roll_back') return null;
  if (e.status === 'rolled_back') return 'Failed verification: rolled back automatically';
  if (e.status === 'failed') return 'Failed verification: the automatic rollback failed';
  return 'Failed verification: rolling back automatically';
}
