// Two API processes (API_WORKERS=off) and two worker processes on one PostgreSQL and one S3
// bucket (moto on loopback), all compiled and spawned as an operator runs them: a scan is spread
// over both workers, a socket on API 1 hears a scan started through API 2, a capture uploaded
// through API 1 is read through API 2, and killing an API process loses no scan.
import type { ChildProcess } from 'node:child_process';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testResources } from '../../../scripts/testing/current.ts';
import { scanChunks } from '../src/db/schema.ts';
import { type Account, createAccount, createTestApp, type TestContext } from './helpers.ts';
import { type Moto, startMoto, storageEnv } from './moto.ts';
import { openSocket, startSlowBanner, waitFor } from './scan-helpers.ts';
import { subscribe } from './seed.ts';
import { type ServerProcess, startServerProcess } from './server-process.ts';
import { tinyPcap } from './tenant-matrix-fixtures.ts';
import { spawnWorker } from './worker-process.ts';

const net = testResources();
/** Hosts 1 to 8 of this file's block. */
const HOSTS = Array.from({ length: 8 }, (_, i) => net.host(i + 1));
// A top-1000 port whose banner comes late: service detection waits, so chunks take seconds.
const SLOW_PORT = 7000;

let ctx: TestContext;
let owner: Account;
let moto: Moto;
const apis: ServerProcess[] = [];
const workers: ChildProcess[] = [];
const listeners: { close: () => Promise<void> }[] = [];

async function call(api: ServerProcess, method: string, url: string, body?: object) {
  const res = await fetch(`${api.base}${url}`, {
    method,
    headers: { ...owner.auth, ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  return { status: res.status, json: (await res.json()) as Record<string, unknown> };
}

async function startScan(api: ServerProcess, name: string): Promise<string> {
  const created = await call(api, 'POST', '/api/scans', {
    scan_name: name,
    scan_type: 'port',
    target_hosts: [`${net.host(1)}-8`],
  });
  expect(created.status).toBe(201);
  const id = String(created.json.id);
  expect((await call(api, 'POST', `/api/scans/${id}/start`)).status).toBe(202);
  return id;
}

const finished = (api: ServerProcess, id: string) =>
  waitFor(async () => {
    const scan = (await call(api, 'GET', `/api/scans/${id}`)).json;
    return ['completed', 'failed', 'cancelled'].includes(String(scan.status)) ? scan : null;
  }, 60_000);

beforeAll(async () => {
  ctx = await createTestApp();
  owner = await createAccount(ctx, 'scale-out@example.com');
  await subscribe(ctx, owner);
  for (const host of HOSTS) listeners.push(await startSlowBanner(host, SLOW_PORT, 800));
  moto = await startMoto();
  const storage = storageEnv(await moto.bucket('netguard-scale-out'));
  const env = { DATABASE_URL: ctx.url, API_WORKERS: 'off', ...storage };
  apis.push(...(await Promise.all([startServerProcess(env), startServerProcess(env)])));
  await Promise.all([
    spawnWorker(workers, ctx.url, storage),
    spawnWorker(workers, ctx.url, storage),
  ]);
}, 120_000);

afterAll(async () => {
  for (const child of workers) if (child.exitCode === null) child.kill('SIGKILL');
  await Promise.all(apis.map((api) => api.stop()));
  for (const listener of listeners) await listener.close();
  await moto?.stop();
  await ctx?.close();
});

describe('two API processes and two workers on one database', () => {
  it('spreads a scan started through API 2 over both workers, heard on a socket of API 1', {
    timeout: 90_000,
  }, async () => {
    const [api1, api2] = apis as [ServerProcess, ServerProcess];
    const socket = await openSocket(api1.base);
    await socket.join(owner.accessToken);
    const id = await startScan(api2, 'Through API 2');
    expect(await finished(api2, id)).toMatchObject({ status: 'completed', progress: 100 });

    const heard = await waitFor(async () =>
      socket.events('scans').find((e) => e.record.id === id && e.record.status === 'completed'),
    );
    expect(heard.record).toMatchObject({ id, status: 'completed' });
    socket.close();

    const chunks = await ctx.db.select().from(scanChunks).where(eq(scanChunks.scanId, id));
    const pids = new Set(chunks.map((c) => /:(\d+):/.exec(c.workerId ?? '')?.[1]));
    expect([...pids].sort()).toEqual(workers.map((w) => String(w.pid)).sort());
  });

  it('reads through API 2 a capture uploaded through API 1', async () => {
    const [api1, api2] = apis as [ServerProcess, ServerProcess];
    const uploaded = await fetch(`${api1.base}/api/packets/captures?name=shared.pcap`, {
      method: 'POST',
      headers: { ...owner.auth, 'content-type': 'application/octet-stream' },
      body: new Uint8Array(tinyPcap()),
    });
    expect(uploaded.status).toBe(201);
    const { id } = (await uploaded.json()) as { id: string };
    expect(await moto.keys('netguard-scale-out')).toEqual([
      `captures/${owner.organizationId}/${id}.cap`,
    ]);
    const read = await call(api2, 'GET', `/api/packets/captures/${id}/packets?limit=10`);
    expect(read.status).toBe(200);
    expect((read.json.packets as unknown[]).length).toBeGreaterThan(0);
  });

  it('loses no scan when the API process that started it is killed', {
    timeout: 90_000,
  }, async () => {
    const [api1, api2] = apis as [ServerProcess, ServerProcess];
    const id = await startScan(api1, 'API 1 killed');
    api1.child.kill('SIGKILL');
    const done = await finished(api2, id);
    expect(done).toMatchObject({ status: 'completed', progress: 100 });
    const services = done.services as { host: string; port: number }[];
    expect(
      services
        .filter((s) => s.port === SLOW_PORT)
        .map((s) => s.host)
        .sort(),
    ).toEqual(HOSTS);
  });
});
