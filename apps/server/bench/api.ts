/**
 * API benchmark (npm run bench:api): 100 concurrent clients on GET /api/vulnerabilities and
 * GET /api/dashboard of an organization with 100,000 vulnerabilities, served with row-level
 * security and permission-event logging on, against the same requests through a second app
 * whose handlers use the owner's connection (no row-level security) and log no events. Rounds
 * alternate which app goes first; the verdict is the median of the rounds' p99 ratios (≤ 1.2).
 * Embedded PostgreSQL in a temp dir; all traffic stays on 127.0.0.1.
 */
import fs from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { buildApp } from '../src/app.ts';
import { migrateDatabase } from '../src/bootstrap.ts';
import { loadConfig } from '../src/config.ts';
import { createDatabase } from '../src/db/client.ts';
import { startEmbeddedPostgres } from '../src/db/embedded.ts';
import { benchAccount } from './accounts.ts';

const VULNERABILITIES = Number(process.env.BENCH_VULNS ?? 100_000);
const CLIENTS = Number(process.env.BENCH_CLIENTS ?? 100);
const REQUESTS_PER_CLIENT = Number(process.env.BENCH_REQUESTS ?? 6);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
const MAX_P99_RATIO = 1.2;
const PATHS = process.env.BENCH_PATHS?.split(',') ?? ['/api/vulnerabilities', '/api/dashboard'];

const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'netguard-bench-api-'));
await fs.chmod(dir, 0o755);
const pg = await startEmbeddedPostgres({ dataDir: dir, port: 0, database: 'netguard_bench' });
await migrateDatabase(pg.url);
const env = { NETGUARD_SECRET_KEY: 'bench-secret-key-for-netguard', LOG_LEVEL: 'silent' };
const config = { ...loadConfig({ ...env, AUTH_RATE_LIMIT: '100000' }), databaseUrl: pg.url };
const isolated = await buildApp(config);
const baseline = await buildApp(config, { isolation: false });
const database = createDatabase(pg.url, { max: 2 });

async function listen(app: typeof isolated): Promise<string> {
  await app.listen({ port: 0, host: '127.0.0.1' });
  return `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
}

/** An account with `count` open vulnerabilities in its organization; its bearer header. */
async function account(email: string, count: number) {
  const { userId, orgId, auth } = await benchAccount(isolated, database.db, email);
  await database.db.execute(sql`
    insert into vulnerabilities (user_id, organization_id, title, host, port, protocol, service,
      vulnerability_type, severity, cve_id, cvss_score, risk_score, description, state,
      first_seen_at, last_seen_at, due_at)
    select ${userId}, ${orgId}, 'Finding ' || g,
      '192.0.2.' || (g % 250 + 1), 1 + g % 65000, 'tcp', 'http', 'version',
      (array['critical','high','medium','low','info'])[1 + g % 5]::vuln_severity,
      'CVE-2024-' || g, (g % 100) / 10.0, g % 100, 'benchmark data', 'open',
      now() - g * interval '1 second', now(), now() + (g % 60 - 30) * interval '1 day'
    from generate_series(1, ${count}) g`);
  await database.db.execute(sql`analyze vulnerabilities`);
  return auth;
}

const pct = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? Number.NaN;

/** CLIENTS clients, each sending REQUESTS_PER_CLIENT requests in turn; latencies in ms. */
async function load(base: string, headers: Record<string, string>): Promise<number[]> {
  const latencies: number[] = [];
  await Promise.all(
    Array.from({ length: CLIENTS }, async (_, client) => {
      for (let i = 0; i < REQUESTS_PER_CLIENT; i++) {
        const url = `${base}${PATHS[(client + i) % PATHS.length]}`;
        const started = performance.now();
        const res = await fetch(url, { headers });
        await res.arrayBuffer();
        if (res.status !== 200) throw new Error(`${url} answered ${res.status}`);
        latencies.push(performance.now() - started);
      }
    }),
  );
  return latencies.sort((a, b) => a - b);
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
};

try {
  const auth = await account('bench-api@example.com', VULNERABILITIES);
  await account('bench-api-other@example.com', VULNERABILITIES / 10); // rows RLS must hide
  const targets = { isolated: await listen(isolated), baseline: await listen(baseline) };
  await load(targets.isolated, auth); // warm-up of both
  await load(targets.baseline, auth);
  const rounds: { isolated: number[]; baseline: number[] }[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    const order =
      round % 2 ? (['baseline', 'isolated'] as const) : (['isolated', 'baseline'] as const);
    const result = { isolated: [] as number[], baseline: [] as number[] };
    for (const name of order) result[name] = await load(targets[name], auth);
    rounds.push(result);
    const line = (name: 'isolated' | 'baseline') =>
      `${name} p50 ${pct(result[name], 50).toFixed(1)} ms p99 ${pct(result[name], 99).toFixed(1)} ms`;
    console.log(`round ${round + 1}: ${line('isolated')} | ${line('baseline')}`);
  }
  const ratios = rounds.map((r) => pct(r.isolated, 99) / pct(r.baseline, 99));
  const summary = (name: 'isolated' | 'baseline') =>
    `p50 ${median(rounds.map((r) => pct(r[name], 50))).toFixed(1)} ms, p99 ${median(rounds.map((r) => pct(r[name], 99))).toFixed(1)} ms`;
  console.log(
    `\n${CLIENTS} clients × ${REQUESTS_PER_CLIENT} requests, ${VULNERABILITIES} vulnerabilities, ${ROUNDS} rounds (medians)`,
  );
  console.log(`row-level security + event logging: ${summary('isolated')}`);
  console.log(`baseline (owner connection, no events): ${summary('baseline')}`);
  const ratio = median(ratios);
  console.log(`p99 ratio ${ratio.toFixed(3)} (target ≤ ${MAX_P99_RATIO})`);
  process.exitCode = ratio <= MAX_P99_RATIO ? 0 : 1;
} finally {
  await isolated.close();
  await baseline.close();
  await database.close();
  await pg.stop();
  await fs.rm(dir, { recursive: true, force: true });
}
