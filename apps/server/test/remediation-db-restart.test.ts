// The database killed (SIGKILL of the postmaster) while a `netguard worker` changes a namespace
// host, and started again a few seconds later: the worker lives through it, and the execution is
// finished from its stored state. On a cluster of its own, since it is killed.
import type { ChildProcess } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import { startTestHost, type TestHost } from '@netguard/remediation/testing/netns-host';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testResources } from '../../../scripts/testing/current.ts';
import { type EmbeddedHandle, startEmbeddedPostgres } from '../src/db/embedded.ts';
import { remediationExecutions } from '../src/db/schema.ts';
import { type Account, createAccount, createTestApp, type TestContext } from './helpers.ts';
import {
  addRootHost,
  call,
  findingOf,
  scanHost,
  TEST_RANGES,
  waitExecution,
} from './remediation-helpers.ts';
import { postmasterPid } from './server-process.ts';
import { SECRET } from './siem-helpers.ts';
import { spawnWorker } from './worker-process.ts';

const CHANGING = ['executing', 'applied', 'verifying'];

let dir: string;
let cluster: EmbeddedHandle;
let clusterUp = false;
let ctx: TestContext;
let admin: Account;
let host: TestHost;
const children: ChildProcess[] = [];

const startCluster = (port: number) =>
  startEmbeddedPostgres({ dataDir: dir, port, database: 'netguard' });

beforeAll(async () => {
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'netguard-rem-restart-'));
  await fs.chmod(dir, 0o755);
  cluster = await startCluster(0);
  clusterUp = true;
  host = await startTestHost({
    namespace: testResources().namespace(1),
    services: ['ssh', 'vsftpd'],
  });
  ctx = await createTestApp({ SCAN_ALLOWED_RANGES: TEST_RANGES }, {}, cluster.url);
  admin = await createAccount(ctx, 'remediation-restart@example.com', 'Enterprise');
  await addRootHost(ctx, admin, host);
}, 120_000);
afterAll(async () => {
  for (const child of children) if (child.exitCode === null) child.kill('SIGKILL');
  await ctx?.close().catch(() => undefined);
  await host?.stop();
  if (clusterUp) await cluster.stop();
  if (dir) await fs.rm(dir, { recursive: true, force: true });
});

const statusOf = async (id: string) => {
  const [r] = await ctx.db
    .select({ status: remediationExecutions.status })
    .from(remediationExecutions)
    .where(eq(remediationExecutions.id, id));
  return r?.status;
};

describe('the database restarted mid-execution', () => {
  it('the execution is finished once it is back', { timeout: 90_000 }, async () => {
    const worker = await spawnWorker(children, cluster.url, {
      NETGUARD_SECRET_KEY: SECRET,
      SCAN_ALLOWED_RANGES: TEST_RANGES,
    });
    const vulns = await scanHost(ctx, admin, host.address, [21]);
    const proposed = await call(ctx, admin, 'POST', '/api/remediation/executions', {
      vulnerabilityId: findingOf(vulns, host.address, 'ftp-anonymous').id,
      actionId: 'vsftpd-disable-anonymous',
    });
    const { id } = proposed.json();
    await waitExecution(ctx, admin, id, ['proposed']);
    await call(ctx, admin, 'POST', `/api/remediation/executions/${id}/approve`, {});
    const deadline = Date.now() + 30_000;
    let status = await statusOf(id);
    while (!CHANGING.includes(status ?? '')) {
      if (Date.now() > deadline || ['verified', 'failed'].includes(status ?? ''))
        throw new Error(`never caught under way: ${status}`);
      await delay(10);
      status = await statusOf(id);
    }
    const port = Number(new URL(cluster.url).port);
    process.kill(postmasterPid(path.join(dir, 'pg')), 'SIGKILL');
    clusterUp = false;
    await delay(5_000);
    cluster = await startCluster(port);
    clusterUp = true;
    const done = await waitExecution(
      ctx,
      admin,
      id,
      ['verified', 'failed', 'failed_verification'],
      60_000,
    ).catch(async (error: Error) => {
      throw new Error(`${error.message}: ${await statusOf(id).catch(() => '?')}`);
    });
    expect(done.status, `killed in ${status}: ${done.error}`).toBe('verified');
    expect(done.transitions.map((t) => t.status)).toEqual([
      'proposed',
      'approved',
      'dry_run',
      'executing',
      'applied',
      'verifying',
      'verified',
    ]);
    expect(worker.exitCode).toBeNull();
  });
});
