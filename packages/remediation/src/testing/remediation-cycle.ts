// The test every host action goes through on a namespace test host: the check fires, the dry run
// shows exactly the expected lines, the apply fixes it, the rollback brings the finding back and
// leaves the files byte for byte (with mode and owner) as they were.
import { existsSync, readFileSync, statSync } from 'node:fs';
import { expect } from 'vitest';
import { REMEDIATION_ACTIONS } from '../catalog/index.ts';
import type { ApplyResult, DryRun } from '../execution.ts';
import type { HostConnection } from '../host/connection.ts';
import { applyHost, dryRunHost, rollbackHost } from '../host/execute.ts';
import { type PortSeen, verifyHostCheck } from '../host/verify.ts';
import type { ActionParams } from '../types.ts';
import type { TestHost } from './netns-host.ts';

export type Cycle = {
  host: TestHost;
  conn: HostConnection;
  actionId: string;
  params?: ActionParams;
  checkId: string;
  port: number;
  /** Per dry-run target, its changed lines ("-old", "+new") in order. */
  changed: Record<string, string[]>;
  /** What the scan sees of the port once fixed: open (the service stays) or closed/filtered. */
  portWhenFixed: PortSeen['portState'];
  /** Host paths compared before the apply and after the rollback. */
  paths: string[];
  executionId: string;
};

export const actionById = (id: string) => {
  const action = REMEDIATION_ACTIONS.find((a) => a.id === id);
  if (!action) throw new Error(`no action ${id}`);
  return action;
};

/** The +/- lines of a unified diff, without its ---/+++ header. */
export const changedLines = (diff: string) =>
  diff.split('\n').filter((l) => /^[-+]/.test(l) && !/^(---|\+\+\+) /.test(l));

function snapshot(host: TestHost, paths: string[]) {
  return paths.map((path) => {
    const at = host.outside(path);
    if (!existsSync(at)) return { path, exists: false };
    const st = statSync(at);
    const content = st.isDirectory() ? null : readFileSync(at).toString('base64');
    return { path, exists: true, mode: st.mode, uid: st.uid, gid: st.gid, content };
  });
}

/**
 * Bounded: a restarted service may take a moment to listen again (and a closed port in between
 * must not pass for a fix, hence the port state too).
 */
async function verifyEventually(c: Cycle, fixed: boolean) {
  const port = fixed ? c.portWhenFixed : 'open';
  // The host is one veth away: a short connect timeout keeps the filtered-port case quick.
  const check = () =>
    verifyHostCheck({ host: c.host.address, port: c.port, checkId: c.checkId, timeoutMs: 500 });
  let last = await check();
  for (let i = 0; i < 10 && (last.fixed !== fixed || last.portState !== port); i++) {
    await new Promise((resolve) => setTimeout(resolve, 300));
    last = await check();
  }
  expect(last, last.evidence).toMatchObject({ checkId: c.checkId, fixed, portState: port });
  return last;
}

export async function remediationCycle(c: Cycle): Promise<{ dry: DryRun; applied: ApplyResult }> {
  const action = actionById(c.actionId);
  const params = c.params ?? {};
  const scanned = await verifyEventually(c, false);
  expect(scanned.evidence).not.toBe('no finding');
  const before = snapshot(c.host, c.paths);

  const dry = await dryRunHost(c.conn, action, params, c.executionId);
  expect(dry.changes).toBe(true);
  const changed = Object.fromEntries(
    dry.diffs.filter((d) => d.diff).map((d) => [d.target, changedLines(d.diff)]),
  );
  expect(changed).toEqual(c.changed);
  expect(snapshot(c.host, c.paths)).toEqual(before);

  const applied = await applyHost(c.conn, action, params, c.executionId);
  expect(applied.log.every((l) => l.ok || l.step.startsWith('$ nft list'))).toBe(true);
  await c.host.waitListening(c.port);
  expect((await verifyEventually(c, true)).evidence).toBe('no finding');

  const rolledBack = await rollbackHost(
    c.conn,
    JSON.parse(JSON.stringify(applied.captured)),
    c.executionId,
  );
  expect(rolledBack.log.at(-1)?.step).toBe('rolled back: the host is as captured');
  await c.host.waitListening(c.port);
  await verifyEventually(c, false);
  expect(snapshot(c.host, c.paths)).toEqual(before);
  return { dry, applied };
}
