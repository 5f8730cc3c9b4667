// One entry per cloud action id for the server: its provider and the four operations bound to it.
import type { CredentialsOf, Provider } from '@netguard/cloud';
import type {
  ApplyResult,
  CapturedState,
  DryRun,
  RollbackResult,
  Verification,
} from '../execution.ts';
import type { RemediationAction } from '../types.ts';
import { CLOUD_HANDLERS } from './handlers.ts';
import { applyCloud, dryRunCloud, rollbackCloud } from './run.ts';
import type { CloudFinding, CloudOptions } from './types.ts';
import { verifyCloudCheck } from './verify.ts';

export type CloudExecutor<P extends Provider = Provider> = {
  provider: P;
  dryRun(
    credentials: CredentialsOf[P],
    finding: CloudFinding,
    options?: CloudOptions,
  ): Promise<DryRun>;
  apply(
    credentials: CredentialsOf[P],
    finding: CloudFinding,
    options?: CloudOptions,
  ): Promise<ApplyResult>;
  rollback(
    credentials: CredentialsOf[P],
    captured: CapturedState,
    options?: CloudOptions,
  ): Promise<RollbackResult>;
  /** Re-runs one check (the action's validationChecks) on the finding's resource. */
  verify(
    credentials: CredentialsOf[P],
    checkId: string,
    resourceId: string,
    options?: CloudOptions,
  ): Promise<Verification>;
};

/** The executor of a cloud action, or undefined for an action that is not one. */
export function cloudExecutor(action: RemediationAction): CloudExecutor | undefined {
  const handler = CLOUD_HANDLERS[action.id];
  if (!handler || action.type !== 'cloud') return undefined;
  const provider = handler.provider;
  return {
    provider,
    dryRun: (credentials, finding, options) =>
      dryRunCloud(provider, credentials, action, finding, options),
    apply: (credentials, finding, options) =>
      applyCloud(provider, credentials, action, finding, options),
    rollback: (credentials, captured, options) =>
      rollbackCloud(provider, credentials, captured, options),
    verify: (credentials, checkId, resourceId, options) =>
      verifyCloudCheck(provider, credentials, checkId, resourceId, options),
  } as CloudExecutor;
}

/** The action ids that have an executor. */
export const CLOUD_EXECUTABLE_ACTIONS = Object.keys(CLOUD_HANDLERS);
