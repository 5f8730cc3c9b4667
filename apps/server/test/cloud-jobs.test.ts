import { setTimeout as delay } from 'node:timers/promises';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cloudScans, vulnerabilities } from '../src/db/schema.ts';
import { createLogger } from '../src/lib/logger.ts';
import { type CloudJobDeps, runCloudScan } from '../src/modules/cloud/cloud.jobs.ts';
import { CLOUD_SCAN_ATTEMPTS } from '../src/modules/cloud/cloud.queue.ts';
import { createCloudSecrets } from '../src/modules/cloud/cloud.secrets.ts';
import { sweepCloudScans } from '../src/modules/cloud/cloud.worker.ts';
import { connectAws, fakeAws, finding, SECRET } from './cloud-helpers.ts';
import { type Account, createAccount, createTestApp, type TestContext } from './helpers.ts';

let ctx: TestContext;
let admin: Account;
let connectionId: string;
const fake = fakeAws();

/** The job's dependencies, as a worker gives them, with a shutdown signal of the test's. */
const depsWith = (shutdown = new AbortController().signal): CloudJobDeps => ({
  db: ctx.db,
  secrets: createCloudSecrets(SECRET),
  scanners: fake.scanners,
  egress: ctx.app.egress,
  scope: { allow: [], deny: [] },
  log: createLogger('silent'),
  shutdown,
});

/** Queues a scan through the API (no worker runs in this file) and returns its id. */
async function queueScan(): Promise<string> {
  const res = await ctx.app.inject({
    method: 'POST',
    url: '/api/cloud/scans',
    headers: admin.auth,
    payload: { connectionId },
  });
  expect(res.statusCode).toBe(202);
  return res.json().scans[0].id;
}

const scanRow = async (id: string) =>
  (await ctx.db.select().from(cloudScans).where(eq(cloudScans.id, id)))[0];

beforeAll(async () => {
  ctx = await createTestApp({}, { cloudScanners: fake.scanners });
  admin = await createAccount(ctx, 'cloud-jobs@example.com', 'Enterprise');
  connectionId = (await connectAws(ctx, admin)).json().id;
  fake.state.findings = [
    finding('aws_ec2_sg_open_ssh', 'sg-1'),
    finding('aws_s3_bucket_policy_public', 'b-1'),
  ];
});
afterAll(() => ctx?.close());

describe('cloud scan jobs', () => {
  it('leaves a scan interrupted by a shutdown running for its retry, which stores nothing twice', async () => {
    const id = await queueScan();
    fake.state.holdMs = 30_000;
    const shutdown = new AbortController();
    const first = runCloudScan(depsWith(shutdown.signal), id);
    await delay(300);
    shutdown.abort();
    await expect(first).rejects.toThrow();
    expect((await scanRow(id))?.status).toBe('running');

    fake.state.holdMs = 0;
    await runCloudScan(depsWith(), id);
    // A worker that died after storing: the job runs once more for the same scan.
    await ctx.db.update(cloudScans).set({ status: 'running' }).where(eq(cloudScans.id, id));
    await runCloudScan(depsWith(), id);
    const row = await scanRow(id);
    expect(row).toMatchObject({ status: 'failed', attempts: 3 });
    expect(row?.counts).toMatchObject({ total: 2 });
    const stored = await ctx.db
      .select({ occurrences: vulnerabilities.occurrences })
      .from(vulnerabilities)
      .where(eq(vulnerabilities.organizationId, admin.organizationId));
    expect(stored).toEqual([{ occurrences: 1 }, { occurrences: 1 }]);
  });

  it(`fails a scan whose worker stopped ${CLOUD_SCAN_ATTEMPTS} times, with the reason`, async () => {
    const id = await queueScan();
    await ctx.db
      .update(cloudScans)
      .set({ status: 'running', attempts: CLOUD_SCAN_ATTEMPTS })
      .where(eq(cloudScans.id, id));
    await runCloudScan(depsWith(), id);
    const row = await scanRow(id);
    expect(row?.status).toBe('error');
    expect(row?.error).toContain(`interrupted ${CLOUD_SCAN_ATTEMPTS} times`);
  });

  it('fails a scan no job will run any more, and only that one', async () => {
    const waiting = await queueScan();
    const longAgo = new Date(Date.now() - 10 * 60_000);
    await ctx.db.update(cloudScans).set({ createdAt: longAgo }).where(eq(cloudScans.id, waiting));
    const [orphan] = await ctx.db
      .insert(cloudScans)
      .values({
        organizationId: admin.organizationId,
        connectionId,
        connectionName: 'orphan',
        provider: 'aws',
        status: 'running',
        heartbeatAt: longAgo,
      })
      .returning({ id: cloudScans.id });
    expect(await sweepCloudScans(ctx.db)).toBe(1);
    expect(await scanRow(orphan?.id as string)).toMatchObject({ status: 'error' });
    // Its job is still waiting in the queue: left alone.
    expect((await scanRow(waiting))?.status).toBe('queued');
  });

  it('stores a provider failure on the scan and the connection', async () => {
    await ctx.db.update(cloudScans).set({ status: 'cancelled' });
    const id = await queueScan();
    const scanner = fake.scanners.aws;
    const original = scanner.scan;
    scanner.scan = async () => {
      throw new Error('ExpiredToken: The security token included in the request is expired');
    };
    try {
      await runCloudScan(depsWith(), id);
    } finally {
      scanner.scan = original;
    }
    expect(await scanRow(id)).toMatchObject({
      status: 'error',
      error: 'ExpiredToken: The security token included in the request is expired',
    });
    const connection = (
      await ctx.app.inject({ method: 'GET', url: '/api/cloud/connections', headers: admin.auth })
    ).json().connections[0];
    expect(connection).toMatchObject({
      status: 'error',
      lastError: 'ExpiredToken: The security token included in the request is expired',
    });
  });
});
