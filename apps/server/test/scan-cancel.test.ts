import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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

describe('cancelling a scan', () => {
  it('frees the workers at once: the next scan starts within a second', {
    timeout: 60_000,
  }, async () => {
    // A Full Security Audit of a /27: 512 chunks (32 hosts x 16 blocks of 4096 ports).
    const audit = await launch({
      scan_name: 'Full audit',
      scan_type: 'comprehensive',
      target_hosts: ['127.0.0.0/27'],
    });
    await waitFor(async () => {
      const rows = await ctx.db.select().from(scanChunks).where(eq(scanChunks.scanId, audit));
      return rows.some((c) => c.status === 'running');
    });
    await new Promise((resolve) => setTimeout(resolve, 3_000));
    expect((await scanAction(ctx, owner, audit, 'cancel')).statusCode).toBe(200);

    const launchedAt = Date.now();
    const next = await launch({
      scan_name: 'Port scan',
      scan_type: 'port',
      target_hosts: ['127.0.0.1'],
    });
    // Started: a worker holds one of its chunks and the scan has left 0 %.
    await waitFor(async () => {
      const rows = await ctx.db.select().from(scanChunks).where(eq(scanChunks.scanId, next));
      return rows.some((c) => c.status !== 'queued');
    }, 30_000);
    const startDelay = Date.now() - launchedAt;
    await waitFor(async () => (await getScan(ctx, owner, next)).json().progress > 0, 30_000);
    const progressDelay = Date.now() - launchedAt;
    console.log(
      `next scan: first chunk after ${startDelay} ms, progress after ${progressDelay} ms`,
    );
    expect(startDelay).toBeLessThan(1_000);
    expect(progressDelay).toBeLessThan(2_000);
    const done = await waitFor(async () => {
      const res = (await getScan(ctx, owner, next)).json();
      return res.status === 'completed' ? res : null;
    }, 30_000);
    expect(done.progress).toBe(100);
  });
});
