// Evidence collection as durable jobs through real workers: an on-demand run a worker picks up
// from the queue, a scheduled run the periodic step starts when its schedule is due, a run left
// half done by a dead worker that the sweep restarts, and the daily digest.
import { DEFAULT_PRODUCT_IDS } from '@netguard/contracts';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.ts';
import {
  evidenceDigests,
  evidenceKeys,
  evidenceRuns,
  evidenceSchedules,
  subscriptions,
} from '../src/db/schema.ts';
import { createLogger } from '../src/lib/logger.ts';
import { collectorsFor } from '../src/modules/evidence/collectors/index.ts';
import { createEvidenceQueue } from '../src/modules/evidence/evidence.queue.ts';
import {
  notOnPlanMessage,
  startDueCollections,
  writeDailyDigests,
} from '../src/modules/evidence/evidence.schedule.ts';
import { createScanQueue } from '../src/modules/scans/scans.queue.ts';
import { startWorkers, type Workers } from '../src/workers.ts';
import { call, testDeployment, testSealer } from './evidence-helpers.ts';
import { type Account, createAccount, createTestApp, type TestContext } from './helpers.ts';

let ctx: TestContext;
let workers: Workers;
let admin: Account;
const SECRET = 'test-secret-key-for-netguard-tests';

beforeAll(async () => {
  ctx = await createTestApp();
  workers = await startWorkers({
    url: ctx.url,
    settings: loadConfig({}).scans,
    log: createLogger('silent'),
    cloud: { secret: SECRET, scanners: {} as never },
    egress: () => ctx.app.egress,
    evidence: { deployment: testDeployment() },
  });
  admin = await createAccount(ctx, 'evidence-jobs@example.com', 'Enterprise');
}, 60_000);
afterAll(async () => {
  await workers?.stop();
  await ctx?.close();
});

async function finished(runId: string) {
  for (let i = 0; i < 100; i++) {
    const [run] = await ctx.db.select().from(evidenceRuns).where(eq(evidenceRuns.id, runId));
    if (run && (run.status === 'completed' || run.status === 'failed')) return run;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`run ${runId} did not finish in 20 s`);
}

describe('evidence jobs', () => {
  it('runs an on-demand collection on a worker', async () => {
    const res = await call(ctx, admin, 'POST', '/api/compliance/collect', { frameworkId: 'gdpr' });
    expect(res.statusCode).toBe(202);
    const run = await finished(res.json().id);
    expect(run).toMatchObject({ status: 'completed', trigger: 'manual', digestNumber: 1 });
    // Every GDPR collector but cloud posture, which has no cloud scan to read here.
    const expected = collectorsFor('gdpr').filter((c) => c.id !== 'cloud_posture').length;
    expect(run.itemCount).toBe(expected);
  });

  it('starts the collection a due schedule names, and moves the schedule on by its frequency', async () => {
    await call(ctx, admin, 'GET', '/api/compliance/schedules');
    await ctx.db
      .update(evidenceSchedules)
      .set({ nextRunAt: new Date(Date.now() - 1000) })
      .where(
        and(
          eq(evidenceSchedules.organizationId, admin.organizationId),
          eq(evidenceSchedules.scopeId, 'soc2'),
        ),
      );
    await ctx.db
      .update(evidenceSchedules)
      .set({ nextRunAt: new Date(Date.now() + 86_400_000) })
      .where(
        and(
          eq(evidenceSchedules.organizationId, admin.organizationId),
          eq(evidenceSchedules.scopeId, 'iso27001'),
        ),
      );
    const queue = createEvidenceQueue(
      createScanQueue({
        url: ctx.url,
        timeoutSeconds: 60,
        log: createLogger('silent'),
        supervise: false,
      }),
    );
    const sent: string[] = [];
    expect(
      await startDueCollections(
        ctx.db,
        async (id) => {
          sent.push(id);
          await queue.send(id);
        },
        DEFAULT_PRODUCT_IDS,
      ),
    ).toBe(1);
    const run = await finished(sent[0]!);
    expect(run).toMatchObject({ status: 'completed', trigger: 'schedule', frameworkId: 'soc2' });
    const [soc2] = await ctx.db
      .select()
      .from(evidenceSchedules)
      .where(
        and(
          eq(evidenceSchedules.organizationId, admin.organizationId),
          eq(evidenceSchedules.scopeId, 'soc2'),
        ),
      );
    const days = (soc2!.nextRunAt.getTime() - (soc2!.lastRunAt as Date).getTime()) / 86_400_000;
    expect(days).toBe(7);
    // Nothing else is due: a second tick starts nothing.
    expect(await startDueCollections(ctx.db, queue.send, DEFAULT_PRODUCT_IDS)).toBe(0);
    await queue.boss.stop({ graceful: false }).catch(() => undefined);
  });

  it('reads the plan as a schedule fires: an organization that left Enterprise gets a failed run saying why', async () => {
    const former = await createAccount(ctx, 'evidence-jobs-former@example.com', 'Enterprise');
    await call(ctx, former, 'GET', '/api/compliance/schedules');
    // The organization moves to Professional; its SOC 2 schedule comes due.
    await ctx.db
      .update(subscriptions)
      .set({ productId: DEFAULT_PRODUCT_IDS.Professional })
      .where(eq(subscriptions.organizationId, former.organizationId));
    const soc2 = and(
      eq(evidenceSchedules.organizationId, former.organizationId),
      eq(evidenceSchedules.scopeId, 'soc2'),
    );
    await ctx.db
      .update(evidenceSchedules)
      .set({ nextRunAt: new Date(Date.now() - 1000) })
      .where(soc2);
    await ctx.db
      .update(evidenceSchedules)
      .set({ nextRunAt: new Date(Date.now() + 86_400_000) })
      .where(
        and(
          eq(evidenceSchedules.organizationId, former.organizationId),
          eq(evidenceSchedules.scopeId, 'iso27001'),
        ),
      );
    const sent: string[] = [];
    expect(
      await startDueCollections(ctx.db, async (id) => void sent.push(id), DEFAULT_PRODUCT_IDS),
    ).toBe(0);
    expect(sent).toEqual([]);
    const runs = await ctx.db
      .select()
      .from(evidenceRuns)
      .where(eq(evidenceRuns.organizationId, former.organizationId));
    expect(runs).toHaveLength(1);
    expect(runs[0]).toMatchObject({
      status: 'failed',
      trigger: 'schedule',
      frameworkId: 'soc2',
      itemCount: 0,
      error: notOnPlanMessage('Professional'),
    });
    expect(runs[0]!.error).toContain(
      'is an Enterprise feature and this organization is on Professional',
    );
    // The schedule is kept and moved on, so the next tick does not fail it again.
    const [schedule] = await ctx.db.select().from(evidenceSchedules).where(soc2);
    expect(schedule!.enabled).toBe(true);
    expect(schedule!.nextRunAt.getTime()).toBeGreaterThan(Date.now() + 6 * 86_400_000);
    expect(
      await startDueCollections(ctx.db, async (id) => void sent.push(id), DEFAULT_PRODUCT_IDS),
    ).toBe(0);
  });

  it('restarts a run a dead worker left running, once its heartbeat is stale', async () => {
    const [run] = await ctx.db
      .insert(evidenceRuns)
      .values({
        organizationId: admin.organizationId,
        frameworkId: 'gdpr',
        trigger: 'manual',
        status: 'running',
        startedAt: new Date(Date.now() - 600_000),
        heartbeatAt: new Date(Date.now() - 600_000),
      })
      .returning();
    const done = await finished(run!.id);
    expect(done.status).toBe('completed');
  });

  it('signs a digest at least daily, even of no new rows', async () => {
    const org = admin.organizationId;
    const count = async () =>
      (
        await ctx.db
          .select({ n: sql<number>`count(*)::int` })
          .from(evidenceDigests)
          .where(eq(evidenceDigests.organizationId, org))
      )[0]!.n;
    const before = await count();
    expect(await writeDailyDigests(ctx.db, testSealer())).toBe(0);
    // A day later (the key and every digest older than a day):
    await ctx.db.execute(
      sql`alter table evidence_digests disable trigger evidence_digests_append_only`,
    );
    await ctx.db.execute(
      sql`update evidence_digests set digest_time = digest_time - interval '2 days' where organization_id = ${org}`,
    );
    await ctx.db.execute(
      sql`alter table evidence_digests enable trigger evidence_digests_append_only`,
    );
    await ctx.db
      .update(evidenceKeys)
      .set({ createdAt: new Date(Date.now() - 3 * 86_400_000) })
      .where(eq(evidenceKeys.organizationId, org));
    expect(await writeDailyDigests(ctx.db, testSealer())).toBe(1);
    expect(await count()).toBe(before + 1);
  });
});
