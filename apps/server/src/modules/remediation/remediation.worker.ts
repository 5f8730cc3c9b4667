// The remediation workers of a process: runs executions from the queue, and every 2 s sends a job
// for each execution that is due (new, approved, or left half way by a killed runner), ticks the
// batches, and now and then runs the workflows.
import { ACTIVE_EXECUTION_STATUSES, ROLLBACK_FROM_STATUSES } from '@netguard/contracts';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Executor } from '../../db/client.ts';
import { runJob } from '../../lib/job-context.ts';
import type { Logger } from '../../lib/logger.ts';
import { tickBatches } from './remediation.batches.ts';
import type { DriverFactory } from './remediation.driver.ts';
import { REMEDIATION_QUEUE, type RemediationQueue } from './remediation.queue.ts';
import { runExecution, STALE_SECONDS } from './remediation.runner.ts';
import { runWorkflows } from './remediation.workflows.ts';

const ZJob = z.object({ execution_id: z.uuid() });
const SWEEP_MS = 2_000;
const WORKFLOW_MS = 30_000;

export type RemediationWorkerDeps = {
  db: Executor;
  drivers: DriverFactory;
  log: Logger;
  shutdown?: AbortSignal;
};

/** Executions a job should run now. */
export async function dueExecutions(db: Executor): Promise<string[]> {
  const result = await db.execute(sql`
    select id from remediation_executions
    where (status::text in (select jsonb_array_elements_text(${JSON.stringify(ACTIVE_EXECUTION_STATUSES)}::jsonb))
           or (status = 'proposed' and (dry_run is null or dry_run_only))
           or (rollback_requested_at is not null
               and status::text in (select jsonb_array_elements_text(${JSON.stringify(ROLLBACK_FROM_STATUSES)}::jsonb))))
      and (heartbeat_at is null or heartbeat_at < now() - make_interval(secs => ${STALE_SECONDS}))
      and (next_run_at is null or next_run_at <= now())
    order by created_at limit 500`);
  return (result.rows as { id: string }[]).map((r) => r.id);
}

export async function workRemediation(
  queue: RemediationQueue,
  deps: RemediationWorkerDeps,
): Promise<() => Promise<void>> {
  await queue.ensure();
  await queue.boss.work(
    REMEDIATION_QUEUE,
    { pollingIntervalSeconds: 0.5, batchSize: 1 },
    async (jobs) => {
      for (const job of jobs)
        await runJob(deps.log, job, (log) =>
          runExecution({ ...deps, log }, ZJob.parse(job.data).execution_id),
        );
    },
  );
  let lastWorkflows = 0;
  let sweeping = false;
  const sweep = setInterval(() => {
    if (sweeping || deps.shutdown?.aborted) return;
    sweeping = true;
    (async () => {
      await tickBatches(deps.db);
      if (Date.now() - lastWorkflows > WORKFLOW_MS) {
        lastWorkflows = Date.now();
        await runWorkflows(deps.db);
      }
      for (const id of await dueExecutions(deps.db)) await queue.send(id);
    })()
      .catch((error: unknown) =>
        (deps.log as Logger).warn(
          { err: error, component: 'remediation' },
          'remediation sweep failed',
        ),
      )
      .finally(() => {
        sweeping = false;
      });
  }, SWEEP_MS);
  return async () => {
    clearInterval(sweep);
  };
}
