import { SELFTEST_HISTORY_RUNS, type TSelftestScores } from '@netguard/contracts';
import type { ExecutionTotals, TestResult } from '@netguard/selftest';
import { and, desc, eq, inArray, notInArray, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { selftestExecutions } from '../../db/schema.ts';

export type ExecutionRow = typeof selftestExecutions.$inferSelect;

export async function insertExecution(
  db: Executor,
  values: { organizationId: string; userId: string; suiteId: string; results: TestResult[] },
) {
  const [row] = await db
    .insert(selftestExecutions)
    .values({ ...values, totalTests: values.results.length })
    .returning();
  if (!row) throw new Error('execution insert returned nothing');
  return row;
}

export async function findExecution(db: Executor, organizationId: string, id: string) {
  const [row] = await db
    .select()
    .from(selftestExecutions)
    .where(
      and(eq(selftestExecutions.organizationId, organizationId), eq(selftestExecutions.id, id)),
    );
  return row;
}

/** The execution by id alone: for its job, which carries the id only. */
export async function findExecutionById(db: Executor, id: string) {
  const [row] = await db.select().from(selftestExecutions).where(eq(selftestExecutions.id, id));
  return row;
}

export async function runningExecution(db: Executor, organizationId: string, suiteId: string) {
  const [row] = await db
    .select({ id: selftestExecutions.id })
    .from(selftestExecutions)
    .where(
      and(
        eq(selftestExecutions.organizationId, organizationId),
        eq(selftestExecutions.suiteId, suiteId),
        eq(selftestExecutions.status, 'running'),
      ),
    );
  return row;
}

/** The newest runs, SELFTEST_HISTORY_RUNS per suite (or of one suite). */
export async function listHistory(db: Executor, organizationId: string, suiteId?: string) {
  const ranked = db
    .select({
      id: selftestExecutions.id,
      rank: sql<number>`row_number() over (partition by ${selftestExecutions.suiteId} order by ${selftestExecutions.startTime} desc)`.as(
        'rank',
      ),
    })
    .from(selftestExecutions)
    .where(
      and(
        eq(selftestExecutions.organizationId, organizationId),
        suiteId ? eq(selftestExecutions.suiteId, suiteId) : undefined,
      ),
    )
    .as('ranked');
  const ids = db
    .select({ id: ranked.id })
    .from(ranked)
    .where(sql`${ranked.rank} <= ${SELFTEST_HISTORY_RUNS}`);
  return db
    .select()
    .from(selftestExecutions)
    .where(inArray(selftestExecutions.id, ids))
    .orderBy(desc(selftestExecutions.startTime));
}

/** Keeps the newest SELFTEST_HISTORY_RUNS finished runs of the suite; drops the older ones. */
export async function pruneHistory(db: Executor, organizationId: string, suiteId: string) {
  const keep = db
    .select({ id: selftestExecutions.id })
    .from(selftestExecutions)
    .where(
      and(
        eq(selftestExecutions.organizationId, organizationId),
        eq(selftestExecutions.suiteId, suiteId),
      ),
    )
    .orderBy(desc(selftestExecutions.startTime))
    .limit(SELFTEST_HISTORY_RUNS);
  await db
    .delete(selftestExecutions)
    .where(
      and(
        eq(selftestExecutions.organizationId, organizationId),
        eq(selftestExecutions.suiteId, suiteId),
        notInArray(selftestExecutions.id, keep),
      ),
    );
}

export async function updateProgress(
  db: Executor,
  id: string,
  values: { progress?: number; step?: string; results?: TestResult[] },
) {
  const [row] = await db
    .update(selftestExecutions)
    .set(values)
    .where(eq(selftestExecutions.id, id))
    .returning({ cancelRequested: selftestExecutions.cancelRequested });
  return row;
}

export async function finishExecution(
  db: Executor,
  id: string,
  values: {
    status: 'completed' | 'failed' | 'cancelled';
    results: TestResult[];
    totals: ExecutionTotals;
    error?: string;
    canaryRemoved: boolean;
    scores: TSelftestScores | null;
  },
) {
  const { totals } = values;
  await db
    .update(selftestExecutions)
    .set({
      status: values.status,
      results: values.results,
      progress: 100,
      step:
        values.status === 'completed'
          ? 'Completed'
          : values.status === 'cancelled'
            ? 'Cancelled'
            : 'Failed',
      endTime: new Date(),
      passRate: totals.passRate,
      totalTests: totals.totalTests,
      passedTests: totals.passedTests,
      failedTests: totals.failedTests,
      skippedTests: totals.skippedTests,
      inconclusiveTests: totals.inconclusiveTests,
      error: values.error ?? null,
      canaryRemoved: values.canaryRemoved,
      scores: values.scores,
    })
    .where(eq(selftestExecutions.id, id));
}

export async function requestCancel(db: Executor, organizationId: string, id: string) {
  const [row] = await db
    .update(selftestExecutions)
    .set({ cancelRequested: true })
    .where(
      and(
        eq(selftestExecutions.organizationId, organizationId),
        eq(selftestExecutions.id, id),
        eq(selftestExecutions.status, 'running'),
      ),
    )
    .returning();
  return row;
}
