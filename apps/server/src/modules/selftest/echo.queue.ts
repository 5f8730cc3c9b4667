// The echo queue of the job round trip and queue latency self-tests: any worker process completes
// an echo job with its worker id, so the test sees a real worker took it.
import { setTimeout as delay } from 'node:timers/promises';
import { z } from 'zod';
import { createJobQueue } from '../scans/job-queue.ts';
import type { ScanQueue } from '../scans/scans.queue.ts';

export const ECHO_QUEUE = 'selftest-echo';
const ZEchoJob = z.object({ sent_at: z.number().int().nonnegative() });
const POLL_MS = 100;

type Jobs = Pick<ScanQueue, 'boss' | 'start'>;

export function createEchoQueue(jobs: Jobs) {
  // No retries: a job nobody runs must show as not delivered, not succeed later.
  return createJobQueue<z.infer<typeof ZEchoJob>>(jobs, ECHO_QUEUE, {
    retryLimit: 0,
    retryDelay: 1,
    expireInSeconds: 60,
  });
}

/** Starts this process's echo worker (in startWorkers, beside the scan workers). */
export async function workEcho(jobs: Jobs, workerId: string): Promise<void> {
  const queue = createEchoQueue(jobs);
  await queue.ensure();
  await jobs.boss.work(ECHO_QUEUE, { pollingIntervalSeconds: 0.5, batchSize: 1 }, async ([job]) => {
    if (!job) return;
    ZEchoJob.parse(job.data);
    return { worker: workerId, at: Date.now() };
  });
}

export type EchoResult = {
  completed: boolean;
  /** Send to completion, ms. */
  roundTripMs: number;
  /** Creation to start by a worker (pg-boss's own clock), ms; null when no worker started it. */
  waitMs: number | null;
  worker?: string;
  state: string;
};

/** Sends one echo job and waits up to `timeoutMs` for a worker to complete it. */
export async function echoOnce(
  jobs: Jobs,
  timeoutMs: number,
  signal: AbortSignal,
): Promise<EchoResult> {
  const queue = createEchoQueue(jobs);
  await queue.ensure();
  const started = performance.now();
  const id = await jobs.boss.send(ECHO_QUEUE, { sent_at: Date.now() }, { retryLimit: 0 });
  if (!id) throw new Error('pg-boss refused the echo job');
  let state = 'created';
  while (performance.now() - started < timeoutMs && !signal.aborted) {
    const job = await jobs.boss.getJobById<{ sent_at: number }>(ECHO_QUEUE, id);
    state = job?.state ?? 'missing';
    if (job?.state === 'completed') {
      const output = job.output as { worker?: string };
      return {
        completed: true,
        roundTripMs: performance.now() - started,
        waitMs:
          job.startedOn && job.createdOn ? job.startedOn.getTime() - job.createdOn.getTime() : null,
        worker: output.worker,
        state,
      };
    }
    await delay(POLL_MS);
  }
  // Nobody took it: drop it so that a worker started later does not run a stale probe.
  await jobs.boss.cancel(ECHO_QUEUE, id).catch(() => undefined);
  return { completed: false, roundTripMs: performance.now() - started, waitMs: null, state };
}
