// The evidence workers of a process: run collection jobs, and every few seconds send a job for
// every run left queued or half done by a dead worker.
import { z } from 'zod';
import { runJob } from '../../lib/job-context.ts';
import { type CollectDeps, dueRuns, runCollection } from './evidence.collect.ts';
import { EVIDENCE_QUEUE, type EvidenceQueue } from './evidence.queue.ts';

const ZJob = z.object({ run_id: z.uuid() });
const SWEEP_MS = 5_000;

export async function workEvidence(
  queue: EvidenceQueue,
  deps: CollectDeps & { shutdown?: AbortSignal },
): Promise<() => Promise<void>> {
  await queue.ensure();
  await queue.boss.work(
    EVIDENCE_QUEUE,
    { pollingIntervalSeconds: 0.5, batchSize: 1 },
    async (jobs) => {
      for (const job of jobs)
        await runJob(deps.log, job, (log) =>
          runCollection({ ...deps, log }, ZJob.parse(job.data).run_id),
        );
    },
  );
  let sweeping = false;
  const sweep = setInterval(() => {
    if (sweeping || deps.shutdown?.aborted) return;
    sweeping = true;
    dueRuns(deps.db)
      .then(async (ids) => {
        for (const id of ids) await queue.send(id);
      })
      .catch((error: unknown) => deps.log.warn({ err: error }, 'evidence sweep failed'))
      .finally(() => {
        sweeping = false;
      });
  }, SWEEP_MS);
  return async () => clearInterval(sweep);
}
