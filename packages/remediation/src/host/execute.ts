// A host action over SSH: the dry run (read the host, compute the change, nothing written), the
// apply (capture, change, check, reload; restore on any failure) and the rollback.
import { unifiedDiff } from '../diff.ts';
import {
  type ApplyResult,
  type CapturedState,
  type DryRun,
  RemediationError,
  type RollbackResult,
} from '../execution.ts';
import { type HostPlan, planHostAction } from '../plan.ts';
import { renderAnsible } from '../render/ansible.ts';
import { renderShell } from '../render/shell.ts';
import {
  type ActionParams,
  type HostFacts,
  MissingParameter,
  type Operation,
  type RemediationAction,
} from '../types.ts';
import type { HostConnection, RemoteFile } from './connection.ts';
import { addScript, expectedListing, hasRule, listTable, NFT_TABLE } from './nft.ts';
import { parseNginxDump } from './nginx-config.ts';
import { candidateVersion, installedVersion, upgradeCommand } from './packages.ts';
import { checkAndReload, reloadCommand, serviceManager } from './services.ts';
import { fromCaptured, type HostCapture, reloads, restore, toCaptured } from './state.ts';
import { arg, type Steps, steps } from './steps.ts';

/** Where remove-path moves a path: beside it, named for the execution. */
export const movedTo = (path: string, executionId: string) => `${path}.netguard-${executionId}`;

/** A host action whose apply failed: the captured state comes along (already restored). */
export class HostApplyError extends RemediationError {
  constructor(
    error: RemediationError,
    readonly captured: CapturedState | undefined,
  ) {
    super(error.code, error.message, error.log);
  }
}

function operationsOf(action: RemediationAction, params: ActionParams): Operation[] {
  if (action.type === 'cloud') throw new Error(`${action.id} is a cloud action, not a host one`);
  try {
    return action.operations(params);
  } catch (error) {
    if (error instanceof MissingParameter)
      throw new RemediationError('missing_parameter', error.message);
    throw error;
  }
}

/**
 * Each configuration check of the services the action reloads (nginx -t, sshd -t, ...), before
 * anything is read for the plan: a configuration already broken is refused with the check's own
 * output, in the dry run as before an apply, instead of being found half way through the apply.
 */
async function checkBefore(s: Steps, operations: Operation[]): Promise<void> {
  for (const op of operations) {
    if (op.kind !== 'reload-service' || !op.check) continue;
    const r = await s.run(op.check);
    if (r.code !== 0)
      s.fail(
        'config_check_failed',
        `${op.check} fails before any change, so nothing was changed: ${(r.stderr || r.stdout).trim().slice(0, 500)}`,
      );
  }
}

/** What the action reads of the host before planning: nginx's effective configuration. */
async function hostFacts(
  conn: HostConnection,
  s: Steps,
  action: RemediationAction,
): Promise<HostFacts> {
  if (!action.reads?.includes('nginx-config')) return {};
  // Not through s.run: the whole configuration would fill the log; its summary is noted instead.
  const r = await conn.exec('nginx -T');
  if (r.code !== 0) {
    s.note('$ nginx -T', false, `exit ${r.code}\n${r.stderr}`);
    s.fail('config_check_failed', `nginx -T failed: ${r.stderr.trim().slice(0, 500)}`);
  }
  const nginx = parseNginxDump(r.stdout);
  s.note('$ nginx -T', true, `the effective configuration: ${[...nginx.files.keys()].join(', ')}`);
  return { nginx };
}

/** The plan from the host's files, each read (and logged) with its mode and owner. */
async function readPlan(
  conn: HostConnection,
  s: Steps,
  action: RemediationAction,
  params: ActionParams,
) {
  await checkBefore(s, operationsOf(action, params));
  const host = await hostFacts(conn, s, action);
  const files: (RemoteFile & { path: string })[] = [];
  const plan = await planHostAction(
    action,
    params,
    async (path) => {
      const file = await conn.readFile(path);
      files.push({ path, ...file });
      s.note(
        `read ${path}`,
        true,
        file.exists
          ? `mode ${file.mode}, owner ${file.owner}, ${file.base64 ? Buffer.from(file.base64, 'base64').length : Buffer.byteLength(file.content)} bytes`
          : 'does not exist',
      );
      return file.content;
    },
    host,
  );
  return { plan, files };
}

const pathListing = async (s: Steps, path: string) => {
  const r = await s.run(`ls -ld -- ${arg(path)}`);
  return r.code === 0 ? r.stdout : null;
};

/** A failure as a RemediationError carrying the whole log (noted there when it is not yet). */
function withLog(error: unknown, s: Steps): RemediationError {
  if (error instanceof RemediationError && error.log === s.log) return error;
  const code = error instanceof RemediationError ? error.code : 'command_failed';
  const message = error instanceof Error ? error.message : String(error);
  s.note('failed', false, message);
  return new RemediationError(code, message, s.log);
}

/** Reads the host and says what the action would change; changes nothing. */
export async function dryRunHost(
  conn: HostConnection,
  action: RemediationAction,
  params: ActionParams,
  executionId = 'EXECUTION_ID',
): Promise<DryRun> {
  operationsOf(action, params);
  const s = steps(conn);
  try {
    return await dryRun(conn, s, action, params, executionId);
  } catch (error) {
    throw withLog(error, s);
  }
}

async function dryRun(
  conn: HostConnection,
  s: Steps,
  action: RemediationAction,
  params: ActionParams,
  executionId: string,
): Promise<DryRun> {
  const manager = await serviceManager(s);
  const { plan } = await readPlan(conn, s, action, params);
  const diffs = plan.files.map((f) => ({ target: f.path, diff: f.diff }));
  let acts = false;
  for (const op of plan.operations) {
    if (op.kind === 'nft-drop') {
      const before = await listTable(s);
      const target = `nft table ${NFT_TABLE}`;
      diffs.push({ target, diff: unifiedDiff(target, before ?? '', expectedListing(before, op)) });
      acts ||= !hasRule(before, op);
    } else if (op.kind === 'remove-path') {
      const listing = await pathListing(s, op.path);
      const to = movedTo(op.path, executionId);
      diffs.push({ target: op.path, diff: listing ? unifiedDiff(op.path, listing, '') : '' });
      if (listing) s.note(`would move ${op.path} to ${to}`, true);
      else s.note(`${op.path} does not exist: nothing to move`, true);
      acts ||= listing !== null;
    } else if (op.kind === 'upgrade-package') {
      const installed = await installedVersion(s, op);
      const candidate = await candidateVersion(s, op);
      const target = `package ${op.name}`;
      const line = (v: string | null) => (v ? `${op.name} ${v}\n` : '');
      diffs.push({
        target,
        diff: candidate ? unifiedDiff(target, line(installed), line(candidate)) : '',
      });
      s.note(
        candidate
          ? `would upgrade ${op.name} ${installed ?? '(not installed)'} → ${candidate}`
          : `${op.name}: no upgrade available`,
        true,
      );
      acts ||= candidate !== null;
    } else if (op.kind === 'reload-service') {
      s.note(
        `would run ${op.check ? `${op.check}, then ` : ''}${reloadCommand(op, manager)}`,
        true,
      );
    }
  }
  const suffix = `netguard-${executionId}`;
  return {
    changes: acts || plan.files.some((f) => f.before !== f.after),
    diffs,
    script: renderShell(plan, suffix),
    playbook: renderAnsible(plan, suffix),
    log: s.log,
  };
}

/** Everything the action may change, read before changing any of it. */
async function capture(
  conn: HostConnection,
  s: Steps,
  action: RemediationAction,
  params: ActionParams,
  executionId: string,
): Promise<{ plan: HostPlan; captured: HostCapture }> {
  const manager = await serviceManager(s);
  const { plan, files } = await readPlan(conn, s, action, params);
  const captured: HostCapture = {
    actionId: action.id,
    executionId,
    serviceManager: manager,
    files,
    moved: [],
    packages: [],
    services: reloads(plan.operations),
  };
  for (const op of plan.operations) {
    if (op.kind === 'nft-drop' && captured.nftTable === undefined)
      captured.nftTable = await listTable(s);
    if (op.kind === 'remove-path')
      captured.moved.push({
        path: op.path,
        to: movedTo(op.path, executionId),
        existed: (await pathListing(s, op.path)) !== null,
      });
    if (op.kind === 'upgrade-package')
      captured.packages.push({
        name: op.name,
        manager: op.manager,
        version: await installedVersion(s, op),
      });
  }
  s.note('captured the state before changing anything', true);
  return { plan, captured };
}

async function change(
  conn: HostConnection,
  s: Steps,
  plan: HostPlan,
  c: HostCapture,
): Promise<void> {
  for (const file of plan.files) {
    if (file.before === file.after) {
      s.note(`${file.path}: already as wanted`, true);
      continue;
    }
    await conn.writeFile(file.path, file.after);
    s.note(`wrote ${file.path}`, true, file.diff);
  }
  for (const op of plan.operations) {
    if (op.kind === 'nft-drop') {
      if (hasRule(c.nftTable ?? null, op))
        s.note(`nft rule already there: ${op.port}/${op.protocol}`, true);
      else await s.must('nft -f -', { stdin: addScript(op) });
    } else if (op.kind === 'remove-path') {
      const to = movedTo(op.path, c.executionId);
      if (!c.moved.find((m) => m.path === op.path)?.existed)
        s.note(`${op.path} does not exist: nothing to move`, true);
      else await s.must(`mv -n -T -- ${arg(op.path)} ${arg(to)} && [ ! -e ${arg(op.path)} ]`);
    } else if (op.kind === 'upgrade-package') {
      await s.must(upgradeCommand(op));
    } else if (op.kind === 'reload-service') {
      await checkAndReload(s, op, c.serviceManager);
    }
  }
}

/**
 * Applies the action. On any failure after the capture (a configuration check included) the host
 * is put back as captured and the services reloaded, then a HostApplyError is thrown whose log
 * shows every step, the restore included.
 */
export async function applyHost(
  conn: HostConnection,
  action: RemediationAction,
  params: ActionParams,
  executionId: string,
  options: {
    /** Handed the captured state before anything changes (the server stores it first). */
    onCaptured?: (captured: CapturedState) => void | Promise<void>;
  } = {},
): Promise<ApplyResult> {
  const s = steps(conn);
  operationsOf(action, params);
  let captured: HostCapture | undefined;
  try {
    const read = await capture(conn, s, action, params, executionId);
    captured = read.captured;
    await options.onCaptured?.(toCaptured(captured));
    await change(conn, s, read.plan, captured);
    s.note(`applied ${action.id}`, true);
    return { captured: toCaptured(captured), log: s.log };
  } catch (error) {
    const failure = withLog(error, s);
    if (!captured) throw new HostApplyError(failure, undefined);
    s.note('apply failed: restoring the captured state', false, failure.message);
    const left = await restore(conn, s, captured);
    s.note(
      left.length
        ? `restore incomplete: ${left.join(', ')}`
        : 'restored: the host is as it was before',
      left.length === 0,
    );
    throw new HostApplyError(
      new RemediationError(
        failure.code,
        `${failure.message}${left.length ? ` (and the restore of ${left.join(', ')} failed)` : ' (rolled back)'}`,
        s.log,
      ),
      toCaptured(captured),
    );
  }
}

/** Puts back what applyHost captured (also after a partial apply); throws when a step fails. */
export async function rollbackHost(
  conn: HostConnection,
  captured: CapturedState,
  executionId: string,
): Promise<RollbackResult> {
  const c = fromCaptured(captured);
  const s = steps(conn);
  s.note(`rollback of ${c.actionId} (execution ${executionId})`, true);
  const left = await restore(conn, s, c);
  if (left.length) s.fail('command_failed', `rollback incomplete: ${left.join(', ')}`);
  s.note('rolled back: the host is as captured', true);
  return { log: s.log };
}
