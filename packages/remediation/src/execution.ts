// What running an action produces, for hosts (over SSH) and clouds (through the provider's API)
// alike. The server stores these as JSON in the execution's row: the dry run is shown before
// approval, the captured state is what a rollback restores, the log is the execution's timeline.

/** One step of a dry run, an apply or a rollback, as it happened. */
export type StepLog = {
  at: string;
  step: string;
  ok: boolean;
  /** What the command or API call answered (trimmed), or why it failed. */
  output?: string;
};

/** The dry run: the state read now, the change to the wanted state, and how it will be applied. */
export type DryRun = {
  /** Whether applying would change anything (false: already as wanted). */
  changes: boolean;
  /** Unified diffs, one per file or cloud resource ('' where nothing changes). */
  diffs: { target: string; diff: string }[];
  /** Host actions: the shell script and the Ansible playbook that do exactly this. */
  script?: string;
  playbook?: string;
  /** Cloud actions: the API calls with their parameters, in order. */
  apiCalls?: { call: string; params: Record<string, unknown> }[];
  /** Everything read to compute it (commands run and their output), nothing skipped silently. */
  log: StepLog[];
};

/** What was there before an apply, enough to put it back. JSON-serialisable. */
export type CapturedState = { kind: 'host' | 'cloud'; data: Record<string, unknown> };

export type ApplyResult = { captured: CapturedState; log: StepLog[] };

export type RollbackResult = { log: StepLog[] };

/** Whether the finding a check raised is still there after an apply or a rollback. */
export type Verification = {
  checkId: string;
  /** True when the check no longer reports the finding. */
  fixed: boolean;
  /** What the check saw: its findings' titles and evidence, or "no finding". */
  evidence: string;
  at: string;
};

export type RemediationErrorCode =
  | 'auth_failed'
  | 'host_key_mismatch'
  | 'unreachable'
  | 'command_failed'
  | 'config_check_failed'
  | 'cloud_call_failed'
  | 'missing_parameter';

/** A failure with a code the server maps to a state and a message a person can act on. */
export class RemediationError extends Error {
  override name = 'RemediationError';
  constructor(
    readonly code: RemediationErrorCode,
    message: string,
    /** Steps done before the failure (an apply that failed half way has rolled them back). */
    readonly log: StepLog[] = [],
  ) {
    super(message);
  }
}
