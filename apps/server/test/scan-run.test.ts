import dgram from 'node:dgram';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testResources } from '../../../scripts/testing/current.ts';
import { loadConfig } from '../src/config.ts';
import { scanChunks } from '../src/db/schema.ts';
import { createLogger } from '../src/lib/logger.ts';
import { startWorkers, type Workers } from '../src/workers.ts';
import {
  type Account,
  createAccount,
  createTestApp,
  startTestWorkers,
  type TestContext,
} from './helpers.ts';
import {
  createScan,
  getScan,
  openSocket,
  runScan,
  scanAction,
  startPlainHttp,
  startSlowBanner,
  waitFor,
} from './scan-helpers.ts';
import { subscribe } from './seed.ts';

const net = testResources();
/** The address the web server and the scans' main target share, in this file's block. */
const HOST = net.host(1);

let ctx: TestContext;
let workers: Workers;
let owner: Account;
let base: string;
let web: Awaited<ReturnType<typeof startPlainHttp>>;

beforeAll(async () => {
  ctx = await createTestApp();
  workers = await startTestWorkers(ctx);
  owner = await createAccount(ctx, 'runner@example.com');
  // More scans than the Free plan's monthly five.
  await subscribe(ctx, owner);
  await ctx.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(ctx.app.server.address() as AddressInfo).port}`;
  // Top-1000 ports, so the real vulnerability profile finds it quickly on loopback.
  web = await startPlainHttp([8888, 8008, 8081, 9000, 9090, 7000], HOST);
});
afterAll(async () => {
  await web?.close();
  await workers?.stop();
  await ctx?.close();
});

describe('a real scan, end to end in one process', () => {
  it('scans a loopback host, stores host, service and finding, and streams progress', async () => {
    const socket = await openSocket(base);
    await socket.join(owner.accessToken);
    const scan = (
      await createScan(ctx, owner, {
        scan_name: 'Loopback vuln',
        scan_type: 'vulnerability',
        target_hosts: [HOST],
      })
    ).json();
    expect((await scanAction(ctx, owner, scan.id, 'start')).statusCode).toBe(202);

    const done = await waitFor(async () => {
      const res = (await getScan(ctx, owner, scan.id)).json();
      return ['completed', 'failed'].includes(res.status) ? res : null;
    }, 45_000);
    expect(done).toMatchObject({ status: 'completed', progress: 100, error: null });
    expect(done.hosts).toContainEqual({ address: HOST, hostname: null, status: 'up' });
    expect(done.services).toContainEqual(
      expect.objectContaining({
        host: HOST,
        port: web.port,
        protocol: 'tcp',
        state: 'open',
        service: 'http',
      }),
    );
    const headers = done.vulnerabilities.find(
      (v: { title: string; port: number }) =>
        v.title === 'Missing HTTP security headers' && v.port === web.port,
    );
    expect(headers).toMatchObject({
      host: HOST,
      severity: 'low',
      vulnerability_type: 'misconfiguration',
    });
    expect(headers.threat_mitigation_actions.length).toBeGreaterThan(0);
    expect(headers.threat_mitigation_actions[0]).toMatchObject({ status: 'pending' });

    const chunks = await ctx.db.select().from(scanChunks).where(eq(scanChunks.scanId, scan.id));
    expect(chunks.every((c) => c.status === 'done')).toBe(true);

    await waitFor(async () => socket.events('scans').at(-1)?.record.status === 'completed', 5_000);
    const updates = socket
      .events('scans')
      .filter((e) => e.record.id === scan.id && e.event === 'UPDATE');
    const progress = updates.map((e) => e.record.progress as number);
    expect(updates.length).toBeGreaterThanOrEqual(2);
    expect(progress).toEqual([...progress].sort((x, y) => x - y));
    expect(updates.at(-1)?.record).toMatchObject({ status: 'completed', progress: 100 });
    expect(
      socket
        .events('vulnerabilities')
        .some((e) => e.record.id === headers.id && e.record.scan_id === scan.id),
    ).toBe(true);
    socket.close();
  });

  it('keeps one vulnerability across scans, fixed when the service goes, reopened when it returns', async () => {
    const host = net.host(23);
    const runVulnScan = () =>
      runScan(
        ctx,
        owner,
        { scan_name: 'Lifecycle', scan_type: 'vulnerability', target_hosts: [host] },
        { ends: ['completed'] },
      );
    const headersOf = async () => {
      const page = await ctx.app.inject({
        method: 'GET',
        url: `/api/vulnerabilities?search=${host}`,
        headers: owner.auth,
      });
      return page
        .json()
        .items.filter((v: { title: string }) => v.title === 'Missing HTTP security headers');
    };
    const server = await startPlainHttp([8888], host);
    await runVulnScan();
    await runVulnScan();
    const [seenTwice, ...others] = await headersOf();
    expect(others).toEqual([]);
    expect(seenTwice).toMatchObject({ port: 8888, occurrences: 2, state: 'open' });

    await server.close();
    const third = await runVulnScan();
    expect(third.vulnerabilities).toEqual([]);
    expect((await headersOf())[0]).toMatchObject({ id: seenTwice.id, state: 'fixed' });

    const back = await startPlainHttp([8888], host);
    await runVulnScan();
    expect((await headersOf())[0]).toMatchObject({
      id: seenTwice.id,
      state: 'open',
      reopen_count: 1,
      occurrences: 3,
    });
    await back.close();
  });

  it('runs the UDP probes in a comprehensive scan and stores UDP services once', async () => {
    // A DNS responder on HOST:53 that answers every query with an empty response.
    const dns = dgram.createSocket('udp4');
    dns.on('message', (msg, peer) => {
      const reply = Buffer.from(msg);
      reply.writeUInt16BE(0x8180, 2);
      dns.send(reply, peer.port, peer.address);
    });
    await new Promise<void>((resolve) => dns.bind(53, HOST, resolve));
    try {
      const scan = (
        await createScan(ctx, owner, {
          scan_name: 'Full audit',
          scan_type: 'comprehensive',
          target_hosts: [HOST],
        })
      ).json();
      expect((await scanAction(ctx, owner, scan.id, 'start')).statusCode).toBe(202);
      const done = await waitFor(async () => {
        const res = (await getScan(ctx, owner, scan.id)).json();
        return ['completed', 'failed'].includes(res.status) ? res : null;
      }, 90_000);
      expect(done).toMatchObject({ status: 'completed', progress: 100 });
      const udp = done.services.filter((s: { protocol: string }) => s.protocol === 'udp');
      expect(udp).toEqual([expect.objectContaining({ host: HOST, port: 53 })]);
      expect(done.services).toContainEqual(expect.objectContaining({ port: web.port }));
    } finally {
      dns.close();
    }
  }, 120_000);

  it('fails a scan whose every target is refused at run time, with the reason', async () => {
    const scan = (await createScan(ctx, owner, { target_hosts: [HOST] })).json();
    // Tighten the scope after creation, as an operator might: the job re-checks it.
    const strict = await startWorkers({
      url: ctx.url,
      settings: { ...loadConfig({ SCAN_DENIED_RANGES: net.block }).scans },
      log: createLogger('silent'),
      egress: () => ctx.app.egress,
    });
    await workers.stop();
    try {
      await scanAction(ctx, owner, scan.id, 'start');
      const failed = await waitFor(async () => {
        const res = (await getScan(ctx, owner, scan.id)).json();
        return res.status === 'failed' ? res : null;
      });
      expect(failed.error).toMatch(
        new RegExp(`^No target could be scanned: ${HOST.replaceAll('.', '\\.')} is out of scope`),
      );
    } finally {
      await strict.stop();
    }
  });

  it('on graceful shutdown aborts the in-flight chunk and leaves it for retry', async () => {
    const slow = await startSlowBanner(net.host(9), 7000, 5_000);
    const own = await startTestWorkers(ctx);
    try {
      const scan = (
        await createScan(ctx, owner, { scan_type: 'port', target_hosts: [net.host(9)] })
      ).json();
      await scanAction(ctx, owner, scan.id, 'start');
      await waitFor(async () => {
        const [row] = await ctx.db.select().from(scanChunks).where(eq(scanChunks.scanId, scan.id));
        return row?.status === 'running';
      });
      await own.stop();
      const [row] = await ctx.db.select().from(scanChunks).where(eq(scanChunks.scanId, scan.id));
      expect(row).toMatchObject({ status: 'queued', attempts: 1 });
      expect((await getScan(ctx, owner, scan.id)).json().status).toBe('running');
      await scanAction(ctx, owner, scan.id, 'cancel');
    } finally {
      await own.stop();
      await slow.close();
    }
  });
});
