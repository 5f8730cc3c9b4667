// Dry run, apply and rollback of a cloud action, the same for every provider: the handler reads
// and plans; the dry run shows the resource's JSON diff and the calls; the apply captures the
// previous state before its first call; the rollback makes the handler's restoring calls.
import type { CredentialsOf, Provider } from '@netguard/cloud';
import { unifiedDiff } from '../diff.ts';
import type { ApplyResult, CapturedState, DryRun, RollbackResult } from '../execution.ts';
import { RemediationError } from '../execution.ts';
import type { RemediationAction } from '../types.ts';
import { CLOUD_HANDLERS } from './handlers.ts';
import { CloudSession } from './session.ts';
import type { CloudFinding, CloudHandler, CloudOptions, CloudPlan } from './types.ts';

/** The handler of a cloud action; throws for an action that is not one, or runs elsewhere. */
export function cloudHandler<P extends Provider>(provider: P, actionId: string): CloudHandler<P> {
  const handler = CLOUD_HANDLERS[actionId];
  if (!handler) throw new Error(`${actionId} is not a cloud action this package can run`);
  if (handler.provider !== provider)
    throw new Error(`${actionId} runs against ${handler.provider}, not ${provider}`);
  return handler as unknown as CloudHandler<P>;
}

function checkFinding(action: RemediationAction, finding: CloudFinding) {
  if (!action.fixes.includes(finding.checkId))
    throw new RemediationError(
      'missing_parameter',
      `${action.id} does not fix ${finding.checkId} findings`,
    );
}

/** Keys in alphabetical order, so that a diff does not depend on the order a provider answers in. */
const sorted = (_key: string, value: unknown) =>
  value && typeof value === 'object' && !Array.isArray(value)
    ? Object.fromEntries(Object.entries(value).sort(([a], [b]) => a.localeCompare(b)))
    : value;

/** The resource as the diff shows it: indented JSON, '' for none. */
const jsonText = (value: unknown) =>
  value === null || value === undefined ? '' : `${JSON.stringify(value, sorted, 2)}\n`;

const diffOf = (plan: CloudPlan) => ({
  target: plan.target,
  diff: plan.calls.length
    ? unifiedDiff(plan.target, jsonText(plan.before), jsonText(plan.after))
    : '',
});

export async function dryRunCloud<P extends Provider>(
  provider: P,
  credentials: CredentialsOf[P],
  action: RemediationAction,
  finding: CloudFinding,
  options: CloudOptions = {},
): Promise<DryRun> {
  const handler = cloudHandler(provider, action.id);
  checkFinding(action, finding);
  const session = new CloudSession(provider, credentials, options);
  const plan = await handler.plan(session, finding);
  return {
    changes: plan.calls.length > 0,
    diffs: [diffOf(plan)],
    apiCalls: plan.calls,
    log: session.log,
  };
}

export async function applyCloud<P extends Provider>(
  provider: P,
  credentials: CredentialsOf[P],
  action: RemediationAction,
  finding: CloudFinding,
  options: CloudOptions = {},
): Promise<ApplyResult> {
  const handler = cloudHandler(provider, action.id);
  checkFinding(action, finding);
  const session = new CloudSession(provider, credentials, options);
  const plan = await handler.plan(session, finding);
  const data = {
    actionId: action.id,
    provider,
    resourceId: finding.resourceId,
    /** false: nothing was to change, so a rollback has nothing to put back. */
    changed: plan.calls.length > 0,
    ...plan.captured,
  };
  const captured: CapturedState = { kind: 'cloud', data };
  await options.onCaptured?.(captured);
  let made = 0;
  try {
    for (const call of plan.calls) {
      await session.step(call.call, () => handler.send(session, call, data));
      made++;
    }
  } catch (error) {
    // Calls already made are undone (their restore is idempotent), then the refusal is reported.
    if (made > 0) await restoreQuietly(handler, session, data);
    throw error;
  }
  return { captured, log: session.log };
}

async function restoreQuietly<P extends Provider>(
  handler: CloudHandler<P>,
  session: CloudSession<P>,
  data: Record<string, unknown>,
) {
  try {
    for (const call of await handler.restore(session, data))
      await session.step(`${call.call} (undo)`, () => handler.send(session, call, data));
  } catch {
    // Logged by step; the original failure is what the caller must see.
  }
}

export async function rollbackCloud<P extends Provider>(
  provider: P,
  credentials: CredentialsOf[P],
  captured: CapturedState,
  options: CloudOptions = {},
): Promise<RollbackResult> {
  if (captured.kind !== 'cloud') throw new Error('not a cloud action’s captured state');
  const handler = cloudHandler(provider, String(captured.data.actionId));
  const session = new CloudSession(provider, credentials, options);
  if (captured.data.changed === false) return { log: session.log };
  for (const call of await handler.restore(session, captured.data))
    await session.step(call.call, () => handler.send(session, call, captured.data));
  return { log: session.log };
}
