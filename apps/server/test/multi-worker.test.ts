import type { ChildProcess } from 'node:child_process';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testResources } from '../../../scripts/testing/current.ts';
import { scanChunks } from '../src/db/schema.ts';
import { findFreePort } from '../src/lib/net.ts';
import { type Account, createAccount, createTestApp, type TestContext } from './helpers.ts';
import { createScan, getScan, scanAction, startSlowBanner, waitFor } from './scan-helpers.ts';
import { subscribe } from './seed.ts';
import { spawnWorker } from './worker-process.ts';

const net = testResources();
/** Hosts 1 to 8 of this file's block. */
const HOSTS = Array.from({ length: 8 }, (_, i) => net.host(i + 1));
// A top-1000 port; a banner that comes late makes service detection wait, so chunks take seconds.
const SLOW_PORT = 7000;

let ctx: TestContext;
let owner: Account;
const workers: ChildProcess[] = [];
const listeners: { close: () => Promise<void> }[] = [];

beforeAll(async () => {
  ctx = await createTestApp();
  owner = await createAccount(ctx, 'scale@example.com');
  await subscribe(ctx, owner);
  for (const host of HOSTS) listeners.push(await startSlowBanner(host, SLOW_PORT, 800));
});
afterAll(async () => {
  for (const child of workers) if (child.exitCode === null) child.kill('SIGKILL');
  for (const listener of listeners) await listener.close();
  await ctx?.close();
});

describe('scale-out workers', () => {
  it('shares one scan between two worker processes and survives one being killed', {
    timeout: 60_000,
  }, async () => {
    // The second worker serves its own /metrics (a worker has no API).
    const metricsPort = await findFreePort();
    const [first, second] = await Promise.all([
      spawnWorker(workers, ctx.url),
      spawnWorker(workers, ctx.url, {
        HOST: '127.0.0.1',
        METRICS_PORT: String(metricsPort),
        METRICS_TOKEN: 'worker-metrics-token-for-tests',
      }),
    ]);
    const scan = (
      await createScan(ctx, owner, {
        scan_name: 'Shared',
        scan_type: 'port',
        target_hosts: [`${net.host(1)}-8`],
      })
    ).json();
    expect((await scanAction(ctx, owner, scan.id, 'start')).statusCode).toBe(202);

    // Kill the first worker while it holds a chunk.
    const held = await waitFor(async () => {
      const rows = await ctx.db.select().from(scanChunks).where(eq(scanChunks.scanId, scan.id));
      return rows.find((c) => c.status === 'running' && c.workerId?.includes(`:${first?.pid}:`));
    }, 20_000);
    first?.kill('SIGKILL');

    const done = await waitFor(async () => {
      const res = (await getScan(ctx, owner, scan.id)).json();
      return ['completed', 'failed'].includes(res.status) ? res : null;
    }, 40_000);
    expect(done).toMatchObject({ status: 'completed', progress: 100 });

    const chunks = await ctx.db.select().from(scanChunks).where(eq(scanChunks.scanId, scan.id));
    expect(chunks.length).toBeGreaterThan(2);
    expect(chunks.every((c) => c.status === 'done')).toBe(true);
    const retried = chunks.find((c) => c.id === held.id);
    expect(retried?.attempts).toBeGreaterThanOrEqual(2);
    expect(retried?.workerId).toContain(`:${second?.pid}:`);

    const slow = done.services.filter((s: { port: number }) => s.port === SLOW_PORT);
    expect(slow.map((s: { host: string }) => s.host).sort()).toEqual(HOSTS);
    const dupes = await ctx.db.execute(sql`
      select (select count(*) from scan_services where scan_id = ${scan.id})::int as services,
             (select count(distinct (host, port, protocol)) from scan_services where scan_id = ${scan.id})::int as distinct_services,
             (select count(*) from scan_hosts where scan_id = ${scan.id})::int as hosts,
             (select count(distinct address) from scan_hosts where scan_id = ${scan.id})::int as distinct_hosts`);
    const counts = dupes.rows[0] as Record<string, number>;
    expect(counts.services).toBe(counts.distinct_services);
    expect(counts.hosts).toBe(counts.distinct_hosts);
    expect(counts.hosts).toBe(HOSTS.length);

    const scraped = await fetch(`http://127.0.0.1:${metricsPort}/metrics`, {
      headers: { authorization: 'Bearer worker-metrics-token-for-tests' },
    });
    expect(scraped.status).toBe(200);
    const chunksDone = /^netguard_scan_chunk_duration_seconds_count\{outcome="done"\} (\d+)/m.exec(
      await scraped.text(),
    );
    expect(Number(chunksDone?.[1])).toBeGreaterThanOrEqual(1);
  });
});
