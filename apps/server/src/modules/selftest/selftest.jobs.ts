// An execution as a durable job: the API process that picks it up runs its tests (the probes use
// its app, hub and sockets), with live progress over the realtime socket in the spec's steps
// (30, 50, 70, 90, 100 % with 500 ms pauses), cancellation, and a canary organization removed after.
import { setTimeout as delay } from 'node:timers/promises';
import {
  SELFTEST_STEP_PAUSE_MS,
  type TSelftestRunKind,
  ZSelftestRunJob,
} from '@netguard/contracts';
import { runTests, type TestResult, totalsOf } from '@netguard/selftest';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Executor } from '../../db/client.ts';
import { runJob } from '../../lib/job-context.ts';
import type { Logger } from '../../lib/logger.ts';
import { notifyRealtime } from '../../realtime/notify.ts';
import { insertAuditLog } from '../audit/audit.repo.ts';
import { createJobQueue } from '../scans/job-queue.ts';
import type { ScanQueue } from '../scans/scans.queue.ts';
import { limitsOf, testsOf } from './selftest.catalog.ts';
import * as repo from './selftest.repo.ts';
import { scoresOf } from './selftest.scores.ts';

export const SELFTEST_QUEUE = 'selftest-run';
const CANCEL_POLL_MS = 1_000;
/** A running execution older than this with no live run behind it is failed (its process died). */
const ORPHAN_MINUTES = 30;

export function createSelftestQueue(jobs: Pick<ScanQueue, 'boss' | 'start'>) {
  const queue = createJobQueue<{ execution_id: string }>(jobs, SELFTEST_QUEUE, {
    // A self-test is not retried: a second run after a crash would change the canary data twice.
    retryLimit: 0,
    retryDelay: 1,
    expireInSeconds: 30 * 60,
  });
  return { ...queue, send: (executionId: string) => queue.sendJob({ execution_id: executionId }) };
}
export type SelftestQueue = ReturnType<typeof createSelftestQueue>;

type Deps = { db: Executor; app: FastifyInstance; log: Logger };

/** Progress between the spec's steps: 50 % once half the tests ran, 70 % once all did. */
const testProgress = (done: number, total: number) =>
  total === 0 || done * 2 < total ? 30 : done < total ? 50 : 70;

export async function runExecution(deps: Deps, executionId: string): Promise<void> {
  const { db } = deps;
  const row = await repo.findExecutionById(db, executionId);
  if (row?.status !== 'running') return;
  const kind = row.suiteId as TSelftestRunKind;
  const tests = testsOf(kind) ?? [];
  const chosen = new Set((row.results as TestResult[]).map((r) => r.testId));
  const run = tests.filter((t) => chosen.has(t.id));
  const note = () =>
    notifyRealtime(db, {
      table: 'selftest_executions',
      event: 'UPDATE',
      id: row.id,
      organization_id: row.organizationId,
    });
  const step = async (progress: number, label: string, results?: TestResult[]) => {
    const state = await repo.updateProgress(db, row.id, { progress, step: label, results });
    await note();
    return state;
  };
  const abort = new AbortController();
  const poll = setInterval(() => {
    void repo.findExecutionById(db, row.id).then((r) => {
      if (r?.cancelRequested) abort.abort('cancelled');
    });
  }, CANCEL_POLL_MS);
  const system = deps.app.selftestContext({
    userId: row.userId ?? '',
    organizationId: row.organizationId,
    role: 'admin',
    sessionId: `selftest:${row.id}`,
  });
  let results: TestResult[] = run.map((t) => ({ testId: t.id, state: 'pending' }));
  let error: string | undefined;
  try {
    await step(30, 'Preparing the test run', results);
    await delay(SELFTEST_STEP_PAUSE_MS);
    let done = 0;
    let shown = 30;
    results = await runTests(run, system.context, {
      ...limitsOf(kind),
      signal: abort.signal,
      onUpdate: async (result, index) => {
        results[index] = result;
        if (result.state !== 'running') done++;
        const progress = testProgress(done, run.length);
        const label =
          result.state === 'running'
            ? `Running ${run[index]?.name ?? result.testId}`
            : `${done} of ${run.length} tests run`;
        await step(progress, label, results);
        if (progress !== shown) {
          shown = progress;
          await delay(SELFTEST_STEP_PAUSE_MS);
        }
      },
    });
    await step(90, 'Storing results', results);
    await delay(SELFTEST_STEP_PAUSE_MS);
  } catch (failure) {
    error = failure instanceof Error ? failure.message : String(failure);
    deps.log.error({ err: failure, executionId: row.id }, 'self-test run failed');
  } finally {
    clearInterval(poll);
  }
  const canaryRemoved = await system.close().catch((failure: unknown) => {
    deps.log.error({ err: failure, executionId: row.id }, 'canary organization not removed');
    return false;
  });
  const status = abort.signal.aborted ? 'cancelled' : error ? 'failed' : 'completed';
  const totals = totalsOf(results);
  await repo.finishExecution(db, row.id, {
    status,
    results,
    totals,
    error,
    canaryRemoved,
    scores: scoresOf(results),
  });
  await insertAuditLog(
    db,
    {
      userId: row.userId,
      organizationId: row.organizationId,
      action: `selftest.${status}`,
      resourceType: 'selftest_execution',
      resourceId: row.id,
    },
    { ip: '127.0.0.1', userAgent: 'netguard-selftest' },
  );
  await repo.pruneHistory(db, row.organizationId, row.suiteId);
  await note();
}

/** Starts this API process's self-test worker; fails executions left running by a dead process. */
export async function workSelftests(queue: SelftestQueue, deps: Deps): Promise<void> {
  await queue.ensure();
  await deps.db.execute(sql`
    update selftest_executions set status = 'failed', progress = 100, step = 'Failed', end_time = now(),
      error = 'The server running this test stopped before it finished; run it again'
    where status = 'running' and start_time < now() - make_interval(mins => ${ORPHAN_MINUTES})`);
  await queue.boss.work(
    SELFTEST_QUEUE,
    { pollingIntervalSeconds: 0.5, batchSize: 1 },
    async (jobs) => {
      for (const job of jobs)
        await runJob(deps.log, job, (log) =>
          runExecution({ ...deps, log }, ZSelftestRunJob.parse(job.data).execution_id),
        );
    },
  );
}
