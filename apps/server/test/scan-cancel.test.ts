import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testResources } from '../../../scripts/testing/current.ts';
import { scanChunks } from '../src/db/schema.ts';
import type { Workers } from '../src/workers.ts';
import {
  type Account,
  createAccount,
  createTestApp,
  startTestWorkers,
  type TestContext,
} from './helpers.ts';
import { createScan, getScan, scanAction, waitFor } from './scan-helpers.ts';
import { subscribe } from './seed.ts';

const net = testResources();
let ctx: TestContext;
let workers: Workers;
let owner: Account;

beforeAll(async () => {
  ctx = await createTestApp();
  workers = await startTestWorkers(ctx);
  owner = await createAccount(ctx, 'cancel@example.com');
  await subscribe(ctx, owner);
});
afterAll(async () => {
  await workers?.stop();
  await ctx?.close();
});

async function launch(body: { scan_name: string; scan_type: string; target_hosts: string[] }) {
  const scan = (await createScan(ctx, owner, body)).json();
  expect((await scanAction(ctx, owner, scan.id, 'start')).statusCode).toBe(202);
  return scan.id as string;
}

/**
 * Launches a Port Scan of host 1 of the file's block and measures, from the moment it is running, how long until
 * a worker holds one of its chunks (started) and until it leaves 0 %; waits for its end.
 */
async function timePortScan() {
  const id = await launch({
    scan_name: 'Port scan',
    scan_type: 'port',
    target_hosts: [net.host(1)],
  });
  const runningAt = Date.now();
  await waitFor(async () => {
    const rows = await ctx.db.select().from(scanChunks).where(eq(scanChunks.scanId, id));
    return rows.some((c) => c.status !== 'queued');
  }, 300_000);
  const started = Date.now() - runningAt;
  await waitFor(async () => (await getScan(ctx, owner, id)).json().progress > 0, 300_000);
  const leftZero = Date.now() - runningAt;
  const done = await waitFor(async () => {
    const res = (await getScan(ctx, owner, id)).json();
    return res.status === 'completed' ? res : null;
  }, 30_000);
  expect(done.progress).toBe(100);
  return { started, leftZero };
}

describe('cancelling a scan', () => {
  it('frees the workers at once: the next scan starts within a second', {
    timeout: 60_000,
  }, async () => {
    const idle = await timePortScan();
    // A Full Security Audit of a /27: 512 chunks (32 hosts x 16 blocks of 4096 ports).
    const audit = await launch({
      scan_name: 'Full audit',
      scan_type: 'comprehensive',
      target_hosts: [net.subnet(0, 27)],
    });
    await waitFor(async () => {
      const rows = await ctx.db.select().from(scanChunks).where(eq(scanChunks.scanId, audit));
      return rows.some((c) => c.status === 'running');
    });
    await new Promise((resolve) => setTimeout(resolve, 3_000));
    expect((await scanAction(ctx, owner, audit, 'cancel')).statusCode).toBe(200);

    const next = await timePortScan();
    console.log(
      `port scan on idle workers: started after ${idle.started} ms, left 0 % after ${idle.leftZero} ms; ` +
        `after the cancel: started after ${next.started} ms, left 0 % after ${next.leftZero} ms`,
    );
    expect(next.started).toBeLessThan(1_000);
    const chunks = await ctx.db.select().from(scanChunks).where(eq(scanChunks.scanId, audit));
    expect(chunks.filter((c) => c.status === 'queued' || c.status === 'running')).toEqual([]);
  });
});
