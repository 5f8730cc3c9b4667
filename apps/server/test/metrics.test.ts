import type { AddressInfo } from 'node:net';
import { encodePcapHeader, encodePcapRecord } from '@netguard/packets';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testResources } from '../../../scripts/testing/current.ts';
import { loadConfig } from '../src/config.ts';
import { createLogger } from '../src/lib/logger.ts';
import { METRICS_TEXT } from '../src/modules/metrics/metrics.routes.ts';
import { createMetrics } from '../src/modules/metrics/metrics.ts';
import { startWorkers, type Workers } from '../src/workers.ts';
import { type Account, createAccount, createTestApp, type TestContext } from './helpers.ts';
import { makeDataDir, uploadCapture } from './packets-helpers.ts';
import { createScan, openSocket, runScan, scanAction, waitFor } from './scan-helpers.ts';

const net = testResources();
const TOKEN = 'metrics-token-for-the-tests';
const bearer = { authorization: `Bearer ${TOKEN}` };

let ctx: TestContext;
let owner: Account;
const metrics = createMetrics();

/** The value of one sample line of the exposition, 0 when the series is not there yet. */
function sample(text: string, name: string, labels: Record<string, string> = {}): number {
  const wanted = Object.entries(labels).map(([k, v]) => `${k}="${v}"`);
  for (const line of text.split('\n')) {
    if (!line.startsWith(`${name}{`) && !line.startsWith(`${name} `)) continue;
    const inside = /\{(.*)\}/.exec(line)?.[1]?.split(',') ?? [];
    if (wanted.every((w) => inside.includes(w))) return Number(line.split(' ').at(-1));
  }
  return 0;
}

async function scrape(): Promise<string> {
  const res = await ctx.app.inject({ method: 'GET', url: '/metrics', headers: bearer });
  expect(res.statusCode).toBe(200);
  expect(res.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
  return res.body;
}

/** A pcap with one 60-byte Ethernet frame. */
function tinyPcap(): Buffer {
  const data = new Uint8Array(60);
  data.set([0x08, 0x00], 12);
  const record = { seconds: 1_700_000_000, nanos: 0, originalLength: data.length, data };
  return Buffer.concat([encodePcapHeader(1), encodePcapRecord(record, false)]);
}

beforeAll(async () => {
  ctx = await createTestApp(
    { METRICS_TOKEN: TOKEN, NETGUARD_DATA_DIR: await makeDataDir() },
    { metrics },
  );
  owner = await createAccount(ctx, 'metrics-owner@example.com');
});

afterAll(async () => {
  await ctx?.close();
});

describe('/metrics', () => {
  it('is off without METRICS_TOKEN and refuses a missing or wrong token', async () => {
    const off = await createTestApp();
    try {
      const res = await off.app.inject({ method: 'GET', url: '/metrics' });
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toBe(METRICS_TEXT.off);
    } finally {
      await off.close();
    }
    for (const headers of [{}, { authorization: 'Bearer wrong-token-of-the-same-size!' }]) {
      const res = await ctx.app.inject({ method: 'GET', url: '/metrics', headers });
      expect(res.statusCode).toBe(401);
      expect(res.json().message).toBe(METRICS_TEXT.unauthorized);
    }
    const docs = await ctx.app.inject({ method: 'GET', url: '/api/openapi.json' });
    expect(Object.keys(docs.json().paths)).not.toContain('/metrics');
  });

  it('counts requests by route pattern and status, never by raw URL', async () => {
    const before = await scrape();
    const route = { method: 'GET', route: '/api/scans/:id', status: '404' };
    for (let i = 0; i < 3; i++) {
      const id = crypto.randomUUID();
      await ctx.app.inject({ method: 'GET', url: `/api/scans/${id}`, headers: owner.auth });
    }
    const after = await scrape();
    const count = 'netguard_http_request_duration_seconds_count';
    expect(sample(after, count, route) - sample(before, count, route)).toBe(3);
    expect(after).not.toMatch(/route="\/api\/scans\/[0-9a-f]{8}-/);
  });

  it('counts the authenticated realtime sockets of this process', async () => {
    await ctx.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = ctx.app.server.address() as AddressInfo;
    const sockets = 'netguard_realtime_sockets';
    expect(sample(await scrape(), sockets)).toBe(0);
    const socket = await openSocket(`http://127.0.0.1:${port}`);
    await socket.join(owner.accessToken);
    expect(sample(await scrape(), sockets)).toBe(1);
    socket.close();
    await waitFor(async () => sample(await scrape(), sockets) === 0, 5_000);
  });

  it('moves with real work: queue depth, chunk durations, scans by status, uploads, mail', async () => {
    const before = await scrape();
    // Without workers, a started scan's planning job waits in its queue.
    const waiting = (await createScan(ctx, owner, { target_hosts: [net.host(1)] })).json();
    await scanAction(ctx, owner, waiting.id, 'start');
    const queued = await scrape();
    const plans = [
      ...queued.matchAll(/^netguard_job_queue_jobs\{[^}]*state="created"[^}]*\} (\d+)/gm),
    ];
    expect(plans.map((m) => Number(m[1])).reduce((a, b) => a + b, 0)).toBeGreaterThan(0);
    expect(queued).toMatch(/^netguard_job_queue_oldest_waiting_seconds\{queue="[^"]+"\} \d/m);

    const workers: Workers = await startWorkers({
      url: ctx.url,
      settings: { ...loadConfig({}).scans },
      log: createLogger('silent'),
      metrics,
      egress: () => ctx.app.egress,
    });
    try {
      await waitFor(async () => {
        const res = await ctx.app.inject({
          method: 'GET',
          url: `/api/scans/${waiting.id}`,
          headers: owner.auth,
        });
        return res.json().status === 'completed';
      }, 45_000);
      await runScan(ctx, owner, { target_hosts: [net.host(2)] });
    } finally {
      await workers.stop();
    }

    const good = await uploadCapture(ctx, owner, 'one.pcap', tinyPcap());
    expect(good.statusCode).toBe(201);
    const bad = await uploadCapture(ctx, owner, 'text.pcap', Buffer.from('not a capture\n'));
    expect(bad.statusCode).toBe(400);

    const after = await scrape();
    const chunks = 'netguard_scan_chunk_duration_seconds_count';
    expect(sample(after, chunks, { outcome: 'done' })).toBeGreaterThanOrEqual(2);
    expect(sample(before, chunks, { outcome: 'done' })).toBe(0);
    const completed = { status: 'completed' };
    expect(
      sample(after, 'netguard_scans', completed) - sample(before, 'netguard_scans', completed),
    ).toBe(2);
    expect(sample(after, 'netguard_capture_uploads_total', { outcome: 'stored' })).toBe(1);
    expect(sample(after, 'netguard_capture_uploads_total', { outcome: 'refused' })).toBe(1);
    expect(sample(after, 'netguard_capture_upload_bytes_total')).toBe(good.json().size_bytes);
    // Sign-ups mail a confirmation link; without SMTP_URL it stays in the outbox, unsent.
    const unsent = (text: string) => sample(text, 'netguard_mail_outbox_unsent');
    await createAccount(ctx, 'metrics-second@example.com');
    expect(unsent(await scrape())).toBe(unsent(after) + 1);
  });
});
