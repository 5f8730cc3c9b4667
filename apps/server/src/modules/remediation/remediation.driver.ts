// What the runner needs of a target, whatever it is: a host over SSH or a cloud resource through
// its provider's API (remediation.drivers.ts builds one from an execution's row).
import type {
  ApplyResult,
  CapturedState,
  DryRun,
  RollbackResult,
  Verification,
} from '@netguard/remediation';
import type { ExecutionRow } from './remediation.repo.ts';

export type Driver = {
  /** Reads the current state and computes the change (nothing is changed). */
  dryRun(): Promise<DryRun>;
  /** Captures the state (handed to `captured` before any change), then applies. */
  apply(captured: (state: CapturedState) => Promise<void>): Promise<ApplyResult>;
  rollback(captured: CapturedState): Promise<RollbackResult>;
  /** Re-runs a check against the execution's target (a host: on `port`, default its own). */
  verify(checkId: string, port?: number): Promise<Verification>;
  close(): Promise<void>;
};

/** What a driver needs of an execution. */
export type DriverTarget = Pick<
  ExecutionRow,
  'id' | 'organizationId' | 'actionId' | 'target' | 'hostId' | 'cloudConnectionId' | 'params'
>;

export type DriverFactory = (row: DriverTarget) => Promise<Driver>;
