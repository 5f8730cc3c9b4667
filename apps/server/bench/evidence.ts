/**
 * Compliance evidence benchmark (npm run bench:evidence): for an organization with 10,000
 * vulnerabilities and 1,000 security events, the time to collect evidence for every framework
 * (the request plus the collection run a worker executes: 36 collectors, items, ledger rows, a
 * signed digest), to read the frameworks with every requirement's status, and to export the
 * evidence package (ZIP, manifest, OSCAL, digests). Rounds alternate; medians. Runs an embedded
 * PostgreSQL in a temp dir; no network traffic beyond loopback.
 */
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { verifyPackage } from '@netguard/evidence';
import { sql } from 'drizzle-orm';
import { buildApp } from '../src/app.ts';
import { migrateDatabase } from '../src/bootstrap.ts';
import { loadConfig } from '../src/config.ts';
import { createDatabase } from '../src/db/client.ts';
import { startEmbeddedPostgres } from '../src/db/embedded.ts';
import { createLogger } from '../src/lib/logger.ts';
import { appendSecurityEvents } from '../src/modules/audit/security-events.ts';
import { runCollection } from '../src/modules/evidence/evidence.collect.ts';
import { deploymentOf } from '../src/modules/evidence/evidence.deployment.ts';
import { createKeySealer } from '../src/modules/evidence/evidence.keys.ts';
import { benchAccount } from './accounts.ts';

const VULNS = Number(process.env.BENCH_EVIDENCE_VULNS ?? 10_000);
const EVENTS = Number(process.env.BENCH_EVIDENCE_EVENTS ?? 1_000);
const ROUNDS = Number(process.env.BENCH_EVIDENCE_ROUNDS ?? 3);
const SECRET = 'bench-secret-key-for-netguard';

const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'netguard-bench-pg-'));
await fs.chmod(dir, 0o755);
const pg = await startEmbeddedPostgres({ dataDir: dir, port: 0, database: 'netguard_bench' });
await migrateDatabase(pg.url);
const config = {
  ...loadConfig({ NETGUARD_SECRET_KEY: SECRET, LOG_LEVEL: 'silent', AUTH_RATE_LIMIT: '100000' }),
  databaseUrl: pg.url,
};
const app = await buildApp(config);
const database = createDatabase(pg.url, { max: 4 });
const { db } = database;
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? NaN;

try {
  const owner = await benchAccount(app, db, 'bench-evidence@example.com', 'Enterprise');
  const org = owner.orgId;
  const [scan] = (
    await db.execute(sql`insert into scans (user_id, organization_id, scan_name, scan_type, target_hosts, status, progress, started_at, completed_at)
      values (${owner.userId}, ${org}, 'bench', 'network', array['127.0.0.1'], 'completed', 100, now() - interval '2 hours', now() - interval '1 hour')
      returning id`)
  ).rows as { id: string }[];
  await db.execute(sql`
    insert into vulnerabilities (scan_id, user_id, organization_id, title, host, port, vulnerability_type, severity,
      first_seen_at, last_seen_at, due_at, state, fixed_at, cve_id, last_scan_id)
    select ${scan!.id}, ${owner.userId}, ${org}, 'finding ' || i, '10.0.' || (i / 250) || '.' || (i % 250), 1 + i % 1000,
      'misconfiguration', (array['critical','high','medium','low','info'])[1 + i % 5]::vuln_severity,
      now() - (i % 90) * interval '1 day', now(), now() - (i % 90 - 30) * interval '1 day',
      (case when i % 4 = 0 then 'fixed' else 'open' end)::vuln_state,
      case when i % 4 = 0 then now() - (i % 30) * interval '1 day' end,
      'CVE-2024-' || (10000 + i % 500), ${scan!.id}
    from generate_series(1, ${VULNS}) as i`);
  for (let i = 0; i < EVENTS; i += 100)
    await appendSecurityEvents(
      db,
      Array.from({ length: Math.min(100, EVENTS - i) }, (_, k) => ({
        userId: owner.userId,
        organizationId: org,
        eventType: k % 3 ? ('data_access' as const) : ('auth_attempt' as const),
        severity: 'low' as const,
        description: `bench event ${i + k}`,
        metadata: { n: i + k },
        ipAddress: '127.0.0.1',
        userAgent: 'bench',
      })),
    );
  const deps = {
    db,
    sealer: createKeySealer(SECRET),
    deployment: deploymentOf(config),
    log: createLogger('silent'),
  };
  const collect: number[] = [];
  const read: number[] = [];
  const exportMs: number[] = [];
  let items = 0;
  let bytes = 0;
  let verified = true;
  for (let round = 0; round < ROUNDS; round++) {
    let t = performance.now();
    const res = await app.inject({
      method: 'POST',
      url: '/api/compliance/collect',
      headers: owner.auth,
      payload: {},
    });
    const run = res.json() as { id: string };
    await runCollection(deps, run.id);
    collect.push(performance.now() - t);
    const done = (
      await app.inject({
        method: 'GET',
        url: `/api/compliance/runs/${run.id}`,
        headers: owner.auth,
      })
    ).json();
    if (done.status !== 'completed') throw new Error(`run ${done.status}: ${done.error}`);
    items = done.itemCount;
    t = performance.now();
    await app.inject({
      method: 'GET',
      url: '/api/compliance/frameworks?includeRequirements=true',
      headers: owner.auth,
    });
    read.push(performance.now() - t);
    t = performance.now();
    const zip = await app.inject({
      method: 'POST',
      url: '/api/compliance/export',
      headers: owner.auth,
      payload: {},
    });
    exportMs.push(performance.now() - t);
    if (zip.statusCode !== 200) throw new Error(`export ${zip.statusCode}: ${zip.body}`);
    bytes = zip.rawPayload.length;
    verified &&= verifyPackage(zip.rawPayload).ok;
  }
  const [ledger] = (
    await db.execute(sql`select count(*) as n from evidence_ledger where organization_id = ${org}`)
  ).rows as { n: string }[];
  console.log(
    `Compliance evidence, ${VULNS} vulnerabilities and ${EVENTS} security events, ${ROUNDS} rounds (medians):`,
  );
  console.log(
    `  collect (all frameworks, ${items} items per run): ${median(collect).toFixed(0)} ms`,
  );
  console.log(`  frameworks with every requirement's status: ${median(read).toFixed(0)} ms`);
  console.log(
    `  export package (all frameworks, ${ledger?.n} ledger rows, ${(bytes / 1024).toFixed(0)} KiB): ${median(exportMs).toFixed(0)} ms; verifies offline: ${verified}`,
  );
  if (!verified) process.exitCode = 1;
} finally {
  await app.close();
  await database.close();
  await pg.stop();
  await fs.rm(dir, { recursive: true, force: true });
}
