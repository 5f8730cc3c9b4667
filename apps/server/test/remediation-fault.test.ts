// A `netguard worker` killed (SIGKILL) while it changes a namespace host: another worker takes
// the execution over once the first one's heartbeat is stale, finishes it from its stored state
// with the state captured before the first attempt changed anything, and a rollback afterwards
// puts /etc/vsftpd.conf back byte for byte.
import type { ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { startTestHost, type TestHost } from '@netguard/remediation/testing/netns-host';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testResources } from '../../../scripts/testing/current.ts';
import { remediationExecutions } from '../src/db/schema.ts';
import { STALE_SECONDS } from '../src/modules/remediation/remediation.runner.ts';
import { type Account, createAccount, createTestApp, type TestContext } from './helpers.ts';
import {
  addRootHost,
  call,
  findingOf,
  scanHost,
  TEST_RANGES,
  waitExecution,
} from './remediation-helpers.ts';
import { SECRET } from './siem-helpers.ts';
import { spawnWorker } from './worker-process.ts';

const CONF = '/etc/vsftpd.conf';
/** Where the worker is changing the host: a kill here leaves a half-done execution. */
const CHANGING = ['executing', 'applied', 'verifying'];

let ctx: TestContext;
let admin: Account;
let host: TestHost;
let original: Buffer;
const children: ChildProcess[] = [];
const worker = () =>
  spawnWorker(children, ctx.url, { NETGUARD_SECRET_KEY: SECRET, SCAN_ALLOWED_RANGES: TEST_RANGES });

beforeAll(async () => {
  host = await startTestHost({
    namespace: testResources().namespace(1),
    services: ['ssh', 'vsftpd'],
  });
  original = readFileSync(host.outside(CONF));
  ctx = await createTestApp({ SCAN_ALLOWED_RANGES: TEST_RANGES });
  admin = await createAccount(ctx, 'remediation-fault@example.com', 'Enterprise');
  await addRootHost(ctx, admin, host);
}, 120_000);
afterAll(async () => {
  for (const child of children) if (child.exitCode === null) child.kill('SIGKILL');
  await ctx?.close();
  await host?.stop();
});

const row = async (id: string) => {
  const [r] = await ctx.db
    .select()
    .from(remediationExecutions)
    .where(eq(remediationExecutions.id, id));
  if (!r) throw new Error(`no execution ${id}`);
  return r;
};
type Row = Awaited<ReturnType<typeof row>>;

/** SIGKILLs `child` at the first sight of `when`; throws if the execution ends first. */
async function killWhen(child: ChildProcess, id: string, when: (r: Row) => boolean) {
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    const r = await row(id);
    if (when(r)) {
      child.kill('SIGKILL');
      return r;
    }
    if (['verified', 'failed', 'failed_verification'].includes(r.status))
      throw new Error(`the execution ended ${r.status} before the worker could be killed`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  throw new Error('the execution never reached the point to kill at');
}
const filesOf = (captured: unknown) =>
  (captured as { data: { files: { path: string; content: string }[] } }).data.files;

describe('a worker killed while it changes the host', () => {
  it('leaves the execution to another worker, which finishes it with the first capture; a rollback restores the file byte for byte', {
    timeout: 90_000,
  }, async () => {
    const first = await worker();
    const vulns = await scanHost(ctx, admin, host.address, [21]);
    const proposed = await call(ctx, admin, 'POST', '/api/remediation/executions', {
      vulnerabilityId: findingOf(vulns, host.address, 'ftp-anonymous').id,
      actionId: 'vsftpd-disable-anonymous',
    });
    expect(proposed.statusCode, proposed.body).toBe(202);
    const { id } = proposed.json();
    await waitExecution(ctx, admin, id, ['proposed']);
    const approved = await call(
      ctx,
      admin,
      'POST',
      `/api/remediation/executions/${id}/approve`,
      {},
    );
    expect(approved.statusCode, approved.body).toBe(200);

    // Polled straight from the database every 10 ms; killed once the state is captured and the
    // file already changed, so that a second capture would differ from the first.
    await killWhen(first, id, (r) => {
      const changed = readFileSync(host.outside(CONF), 'utf8').includes('anonymous_enable=NO');
      return r.captured !== null && CHANGING.includes(r.status) && changed;
    });
    if (first.exitCode === null && first.signalCode === null)
      await new Promise((resolve) => first.once('exit', resolve));
    const left = await row(id);
    expect(CHANGING).toContain(left.status);
    expect(left.heartbeatAt).not.toBeNull();
    const killedAt = Date.now();

    await worker();
    const done = await waitExecution(
      ctx,
      admin,
      id,
      ['verified', 'failed', 'failed_verification'],
      45_000,
    );
    expect(done.status, `${done.error} ${done.verification?.evidence}`).toBe('verified');
    // Not before the first worker's claim went stale.
    const resumedAt = Date.parse(done.transitions.at(-1)?.at ?? '');
    expect(resumedAt - killedAt).toBeGreaterThan((STALE_SECONDS - 4) * 1_000);
    expect(done.transitions.map((t) => t.status)).toEqual([
      'proposed',
      'approved',
      'dry_run',
      'executing',
      'applied',
      'verifying',
      'verified',
    ]);
    const finished = await row(id);
    expect(finished.attempts).toBeGreaterThan(left.attempts);
    expect(finished.heartbeatAt).toBeNull();
    // The capture is the state before any change, kept from the first attempt when it made one.
    const [conf] = filesOf(finished.captured);
    expect(conf?.path).toBe(CONF);
    expect(conf?.content).toContain('anonymous_enable=YES');
    expect(finished.captured).toEqual(left.captured);
    expect(readFileSync(host.outside(CONF), 'utf8')).toContain('anonymous_enable=NO');

    const rollback = await call(ctx, admin, 'POST', `/api/remediation/executions/${id}/rollback`);
    expect(rollback.statusCode, rollback.body).toBe(200);
    const back = await waitExecution(ctx, admin, id, ['rolled_back', 'failed'], 30_000);
    expect(back.status, back.error ?? '').toBe('rolled_back');
    expect(readFileSync(host.outside(CONF)).equals(original)).toBe(true);
  });
});
