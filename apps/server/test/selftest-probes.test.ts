// The integration and performance suites run on a live test deployment (database, workers,
// realtime hub, scan engine), and the bad conditions of its probes: an unapplied migration, no
// worker, an unreachable SMTP server, a stale feed, a dropped index.
import { runTests, type TestResult, totalsOf } from '@netguard/selftest';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testResources } from '../../../scripts/testing/current.ts';
import { CONFIG_VARS } from '../src/config.ts';
import { feedImports } from '../src/db/schema.ts';
import { createLogger } from '../src/lib/logger.ts';
import { SYSTEM_SUITES } from '../src/modules/selftest/suites.ts';
import { startWorkers, type Workers } from '../src/workers.ts';
import { type Account, createAccount, createTestApp, type TestContext } from './helpers.ts';

const PRODUCTION_PASSWORD_COST = Object.fromEntries(
  CONFIG_VARS.filter(([name]) => name.startsWith('PASSWORD_HASH_')).map(([name, value]) => [
    name,
    value,
  ]),
);

let ctx: TestContext;
let admin: Account;
let workers: Workers | undefined;
const signal = new AbortController().signal;
const auth = () => ({
  userId: admin.userId,
  organizationId: admin.organizationId,
  role: 'admin' as const,
  sessionId: 'selftest',
});

beforeAll(async () => {
  // The production password cost (the documented defaults), not the tests' low one: the
  // performance suite's hashing test judges what a deployment runs.
  ctx = await createTestApp({ AUTH_RATE_LIMIT: '20', ...PRODUCTION_PASSWORD_COST });
  admin = await createAccount(ctx, 'admin@example.com');
});
afterAll(async () => {
  await workers?.stop();
  await ctx.close();
});

const run = async (suite: keyof typeof SYSTEM_SUITES, only?: string[]) => {
  const system = ctx.app.selftestContext(auth(), { jobWaitMs: 2_000 });
  const tests = SYSTEM_SUITES[suite].tests.filter((t) => !only || only.includes(t.id));
  try {
    return await runTests(tests, system.context, { budgetMs: 120_000, testTimeoutMs: 60_000 });
  } finally {
    await system.close();
  }
};
const byId = (results: TestResult[]) => Object.fromEntries(results.map((r) => [r.testId, r]));
const canaryUsers = async () =>
  Number(
    (
      (await ctx.db.execute(sql`select count(*)::int as n from users where email like 'canary-%'`))
        .rows[0] as { n: number }
    ).n,
  );

describe('on a live test deployment', () => {
  it('without a worker, the job queue round trip fails', async () => {
    const results = byId(await run('integration', ['integration.job-queue']));
    expect(results['integration.job-queue']?.state).toBe('failed');
    expect(results['integration.job-queue']?.outcome?.reason).toMatch(/No worker completed/);
  });

  it('runs the integration suite: passes what is configured, inconclusive on what is not', async () => {
    workers = await startWorkers({
      url: ctx.url,
      settings: {
        ...(await import('../src/config.ts')).loadConfig({}).scans,
        workerConcurrency: 1,
      },
      log: createLogger('silent'),
      egress: () => ctx.app.egress,
    });
    const results = byId(await run('integration'));
    const states = Object.fromEntries(Object.entries(results).map(([id, r]) => [id, r.state]));
    expect(states).toMatchObject({
      'integration.database': 'passed',
      'integration.job-queue': 'passed',
      'integration.realtime': 'passed',
      'integration.mail': 'passed',
      'integration.billing': 'passed',
      'integration.scan-pipeline': 'passed',
      'integration.packet-reading': 'passed',
      'integration.feeds': 'inconclusive',
      'integration.siem': 'inconclusive',
      'integration.cloud': 'inconclusive',
      'integration.sso': 'inconclusive',
      'integration.settings-backup': 'passed',
    });
    expect(totalsOf(Object.values(results))).toMatchObject({
      totalTests: 12,
      passedTests: 8,
      inconclusiveTests: 4,
    });
    expect(await canaryUsers()).toBe(0);
  }, 60_000);

  it('fails the migration check when the database is behind the code', async () => {
    const last = (
      await ctx.db.execute(
        sql`select id, hash, created_at from drizzle.__drizzle_migrations order by created_at desc limit 1`,
      )
    ).rows[0] as { id: number; hash: string; created_at: string };
    await ctx.db.execute(sql`delete from drizzle.__drizzle_migrations where id = ${last.id}`);
    try {
      const results = byId(await run('integration', ['integration.database']));
      expect(results['integration.database']?.state).toBe('failed');
    } finally {
      await ctx.db.execute(
        sql`insert into drizzle.__drizzle_migrations (id, hash, created_at) values (${last.id}, ${last.hash}, ${last.created_at})`,
      );
    }
  });

  it('fails mail when the SMTP server does not answer', async () => {
    const system = ctx.app.selftestContext(auth(), {
      smtpUrl: `smtp://${testResources().host(9)}:2525`,
    });
    const test = SYSTEM_SUITES.integration.tests.find((t) => t.id === 'integration.mail');
    const outcome = await test?.run(system.context, signal);
    expect(outcome?.verdict).toBe('failed');
  });

  it('judges feeds on their imports: stale fails, fresh passes', async () => {
    const test = SYSTEM_SUITES.integration.tests.find((t) => t.id === 'integration.feeds');
    const system = ctx.app.selftestContext(auth());
    const old = new Date(Date.now() - 72 * 3_600_000);
    const feed = { source: 'kev', origin: 'test', trigger: 'cli', status: 'succeeded' } as const;
    await ctx.db.insert(feedImports).values({ ...feed, startedAt: old, finishedAt: old });
    expect((await test?.run(system.context, signal))?.verdict).toBe('failed');
    await ctx.db.insert(feedImports).values({ ...feed, finishedAt: new Date() });
    expect((await test?.run(system.context, signal))?.verdict).toBe('passed');
  });

  it('runs the performance suite, and the plan check fails once the list index is dropped', async () => {
    // The event-loop test's load is the key reads' again: its judgment is tested on fixtures.
    const ids = SYSTEM_SUITES.performance.tests
      .map((t) => t.id)
      .filter((id) => id !== 'performance.event-loop');
    const results = byId(await run('performance', ids));
    // Timings depend on the machine's load; what the probes saw does not.
    expect(results['performance.pagination']?.outcome?.evidence[0]?.data).toMatchObject({
      seeded: 10_000,
      seen: 10_000,
      pages: 51,
    });
    expect(results['performance.key-reads']?.outcome?.evidence).toHaveLength(4);
    expect(results['performance.query-plans']?.state).toBe('passed');
    expect(results['performance.rate-limit']?.state).toBe('passed');
    expect(results['performance.password-hashing']?.state).toBe('passed');
    expect(results['performance.job-latency']?.state).toBe('passed');
    expect(results['performance.scan-first-event']?.state).toBe('passed');
    // Every index leading with organization_id: the list can only be read by scanning the table,
    // which still counts the 10,000 seeded rows (reltuples) after the canary is gone.
    for (const index of [
      'vulnerabilities_org_created_idx',
      'vulnerabilities_org_host_idx',
      'vulnerabilities_org_finding_uq',
    ])
      await ctx.db.execute(sql.raw(`drop index ${index}`));
    const again = byId(await run('performance', ['performance.query-plans']));
    expect(again['performance.query-plans']?.state).toBe('failed');
    expect(await canaryUsers()).toBe(0);
  }, 90_000);
});
