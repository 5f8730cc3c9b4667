/**
 * Import benchmark (npm run bench:import): /api/health polled every 50 ms by a client in its own
 * process, while 10 MB nmap reports (two hostile, one real) are imported and, as the reference,
 * for as long with nothing imported. Rounds alternate which goes first; the verdict is the median
 * of the rounds' differences of the slowest reply (target: the import adds at most 200 ms).
 * Embedded PostgreSQL in a temp dir; all traffic stays on 127.0.0.1.
 */
import fs from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import { sql } from 'drizzle-orm';
import { buildApp } from '../src/app.ts';
import { migrateDatabase } from '../src/bootstrap.ts';
import { loadConfig } from '../src/config.ts';
import { createDatabase } from '../src/db/client.ts';
import { startEmbeddedPostgres } from '../src/db/embedded.ts';
import { preparedImport, startHealthPoller } from '../test/fixtures/import-clients.ts';
import { attributeBomb, fill, repeatedNmapReport } from '../test/fixtures/nmap-documents.ts';
import { benchAccount } from './accounts.ts';

const CHARS = Number(process.env.BENCH_IMPORT_CHARS ?? 10_000_000);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
const MAX_ADDED_MS = 200;

const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'netguard-bench-import-'));
await fs.chmod(dir, 0o755);
const pg = await startEmbeddedPostgres({
  dataDir: path.join(dir, 'pg'),
  port: 0,
  database: 'netguard_bench',
});
await migrateDatabase(pg.url);
const config = {
  ...loadConfig({ NETGUARD_SECRET_KEY: 'bench-secret-key-for-netguard', LOG_LEVEL: 'silent' }),
  databaseUrl: pg.url,
};
const app = await buildApp(config);
const database = createDatabase(pg.url, { max: 2 });
const median = (values: number[]) =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? Number.NaN;

/** The slowest health reply while `work` runs, and how long it ran. */
async function slowestReply(health: string, work: () => Promise<void>) {
  const poller = await startHealthPoller(health);
  const started = performance.now();
  await work();
  const ms = performance.now() - started;
  const replies = await poller.stop();
  if (replies.some((r) => r.status !== 200)) throw new Error('/api/health did not answer 200');
  return { max: Math.max(...replies.map((r) => r.ms)), ms };
}

try {
  const { auth, orgId } = await benchAccount(app, database.db, 'bench-import@example.com');
  await database.db.execute(sql`update subscriptions set subscribed = true,
    product_id = 'prod_netguard_professional', subscription_end = now() + interval '30 days'
    where organization_id = ${orgId}`);
  await app.listen({ port: 0, host: '127.0.0.1' });
  const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  const post = (name: string, xml: string) =>
    preparedImport(`${base}/api/scans/import`, auth.authorization, dir, name, xml);
  const hostile = post('Hostile', fill('<nmaprun>', '<host', CHARS));
  // One element of about 840,000 attributes, from an organization of its own (each has ten
  // imports a minute).
  const other = await benchAccount(app, database.db, 'bench-import-attributes@example.com');
  const attributes = preparedImport(
    `${base}/api/scans/import`,
    other.auth.authorization,
    dir,
    'Attributes',
    attributeBomb(CHARS),
  );
  const real = post('Real', repeatedNmapReport(CHARS).xml);
  let lastImportMs = 3_000;
  const runs = {
    import: async () => {
      const result = await slowestReply(`${base}/api/health`, async () => {
        if ((await hostile()).status !== 400) throw new Error('the hostile report was not refused');
        if ((await attributes()).status !== 400)
          throw new Error('the report of 840,000 attributes was not refused');
        if ((await real()).status !== 201) throw new Error('the real report was not imported');
      });
      lastImportMs = result.ms;
      return result.max;
    },
    idle: async () => (await slowestReply(`${base}/api/health`, () => delay(lastImportMs))).max,
  };
  await runs.import(); // warm-up
  const added: number[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    const order = round % 2 ? (['idle', 'import'] as const) : (['import', 'idle'] as const);
    const max = { import: 0, idle: 0 };
    for (const name of order) max[name] = await runs[name]();
    added.push(max.import - max.idle);
    console.log(
      `round ${round + 1}: slowest reply ${max.import.toFixed(1)} ms importing (${(lastImportMs / 1000).toFixed(1)} s), ${max.idle.toFixed(1)} ms idle`,
    );
  }
  const verdict = median(added);
  console.log(
    `\nthe import adds ${verdict.toFixed(1)} ms to the slowest health reply (median of ${ROUNDS} rounds; target ≤ ${MAX_ADDED_MS})`,
  );
  process.exitCode = verdict <= MAX_ADDED_MS ? 0 : 1;
} finally {
  await app.close();
  await database.close();
  await pg.stop();
  await fs.rm(dir, { recursive: true, force: true });
}
