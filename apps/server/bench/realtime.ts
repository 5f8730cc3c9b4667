/**
 * Realtime benchmark (npm run bench:scans): time from start to the first progress event on the
 * socket, and fan-out of NOTIFY events to 200 sockets of 20 accounts with per-event latency.
 * Runs an embedded PostgreSQL in a temp dir; all traffic stays on 127.0.0.1.
 */
import fs from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import { buildApp } from '../src/app.ts';
import { migrateDatabase } from '../src/bootstrap.ts';
import { loadConfig } from '../src/config.ts';
import { createDatabase } from '../src/db/client.ts';
import { startEmbeddedPostgres } from '../src/db/embedded.ts';
import { createLogger } from '../src/lib/logger.ts';
import { notifyRealtime } from '../src/realtime/notify.ts';
import { startWorkers } from '../src/workers.ts';
import { openSocket } from '../test/scan-helpers.ts';
import { benchAccount } from './accounts.ts';

const ACCOUNTS = 20;
const SOCKETS_PER_ACCOUNT = 10;
const ROUNDS = 25;

const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'netguard-bench-pg-'));
await fs.chmod(dir, 0o755);
const pg = await startEmbeddedPostgres({ dataDir: dir, port: 0, database: 'netguard_bench' });
await migrateDatabase(pg.url);
const env = { NETGUARD_SECRET_KEY: 'bench-secret-key-for-netguard', LOG_LEVEL: 'silent' };
const config = { ...loadConfig({ ...env, AUTH_RATE_LIMIT: '100000' }), databaseUrl: pg.url };
const app = await buildApp(config);
await app.listen({ port: 0, host: '127.0.0.1' });
const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
const workers = await startWorkers({
  url: pg.url,
  settings: config.scans,
  log: createLogger('silent'),
});
const database = createDatabase(pg.url, { max: 4 });
const sockets: Awaited<ReturnType<typeof openSocket>>[] = [];

async function account(i: number) {
  const { token, orgId, auth } = await benchAccount(app, database.db, `bench${i}@example.com`);
  const scan = await app.inject({
    method: 'POST',
    url: '/api/scans',
    headers: auth,
    payload: { scan_name: `Bench ${i}`, scan_type: 'network', target_hosts: ['127.0.0.1'] },
  });
  return {
    token,
    orgId,
    auth,
    scanId: scan.json().id as string,
  };
}

const pct = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN;

try {
  const accounts: Awaited<ReturnType<typeof account>>[] = [];
  for (let i = 0; i < ACCOUNTS; i++) accounts.push(await account(i));

  // 1. Start -> first events of a real network scan of 127.0.0.1.
  const first = accounts[0]!;
  const watcher = await openSocket(base);
  await watcher.join(first.token);
  const t0 = performance.now();
  await app.inject({
    method: 'POST',
    url: `/api/scans/${first.scanId}/start`,
    headers: first.auth,
  });
  const updates = () => watcher.events('scans').filter((e) => e.event === 'UPDATE');
  await watcher.next('event');
  const running = performance.now() - t0;
  const deadline = Date.now() + 60_000;
  while (!updates().some((e) => (e.record.progress as number) > 0) && Date.now() < deadline)
    await delay(2);
  const progressed = performance.now() - t0;
  while (updates().at(-1)?.record.status === 'running' && Date.now() < deadline) await delay(5);
  const finished = performance.now() - t0;
  watcher.close();
  console.log(`start -> first event (running): ${running.toFixed(1)} ms`);
  console.log(`start -> first progress event:  ${progressed.toFixed(1)} ms`);
  console.log(
    `start -> ${updates().at(-1)?.record.status}: ${finished.toFixed(1)} ms (${updates().length} UPDATE events)`,
  );

  // 2. Fan-out: 200 sockets of 20 accounts; every account's scan is notified ROUNDS times.
  for (const acc of accounts) {
    for (let s = 0; s < SOCKETS_PER_ACCOUNT; s++) {
      const socket = await openSocket(base);
      await socket.join(acc.token);
      sockets.push(socket);
    }
  }
  const sentAt = new Map<string, number>();
  const latencies: number[] = [];
  let leaked = 0;
  sockets.forEach((socket, index) => {
    const own = accounts[Math.floor(index / SOCKETS_PER_ACCOUNT)]!;
    socket.socket.on('message', (data) => {
      const msg = JSON.parse(String(data));
      if (msg.type !== 'event') return;
      if (msg.record.id !== own.scanId) leaked++;
      const sent = sentAt.get(`${msg.record.id}`);
      if (sent !== undefined) latencies.push(performance.now() - sent);
    });
  });
  const fanStart = performance.now();
  // Round 0 warms connections and caches and is not measured.
  for (let round = 0; round <= ROUNDS; round++) {
    if (round === 1) {
      await delay(500);
      latencies.length = 0;
    }
    for (const acc of accounts) {
      sentAt.set(acc.scanId, performance.now());
      await notifyRealtime(database.db, {
        table: 'scans',
        event: 'UPDATE',
        id: acc.scanId,
        organization_id: acc.orgId,
      });
    }
    await delay(40);
  }
  const expected = ROUNDS * ACCOUNTS * SOCKETS_PER_ACCOUNT;
  while (latencies.length < expected && performance.now() - fanStart < 30_000) await delay(10);
  latencies.sort((a, b) => a - b);
  console.log(
    `fan-out: ${sockets.length} sockets, ${ACCOUNTS} accounts, ${ROUNDS * ACCOUNTS} NOTIFYs`,
  );
  console.log(`  delivered ${latencies.length}/${expected}, leaked to other accounts: ${leaked}`);
  console.log(
    `  latency NOTIFY -> receipt: p50 ${pct(latencies, 50).toFixed(1)} ms, p99 ${pct(latencies, 99).toFixed(1)} ms, max ${pct(latencies, 100).toFixed(1)} ms`,
  );
  if (pct(latencies, 99) >= 200 || leaked > 0 || latencies.length < expected) process.exitCode = 1;
} finally {
  for (const socket of sockets) socket.close();
  await workers.stop();
  await app.close();
  await database.close();
  await pg.stop();
  await fs.rm(dir, { recursive: true, force: true });
}
