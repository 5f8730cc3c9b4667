import type {
  AUTOMATION_LEVELS,
  BATCH_STATUSES,
  REMEDIATION_ACTION_TYPES,
  REMEDIATION_RISK_LEVELS,
  TExecutionStatus,
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
