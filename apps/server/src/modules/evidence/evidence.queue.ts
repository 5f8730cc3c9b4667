import { createJobQueue } from '../scans/job-queue.ts';
import type { ScanQueue } from '../scans/scans.queue.ts';
import { STALE_RUN_SECONDS } from './evidence.collect.ts';

export const EVIDENCE_QUEUE = 'evidence-collect';

/** One waiting job per run; the job runs runCollection once. */
export function createEvidenceQueue(jobs: Pick<ScanQueue, 'boss' | 'start'>) {
  const queue = createJobQueue<{ run_id: string }>(jobs, EVIDENCE_QUEUE, {
    // A run that dies with its worker is restarted by the sweep once its heartbeat is stale.
    retryLimit: 0,
    retryDelay: 1,
    expireInSeconds: 15 * 60 + STALE_RUN_SECONDS,
    policy: 'short',
  });
  return {
    ...queue,
    send: (runId: string) => queue.sendJob({ run_id: runId }, { singletonKey: runId }),
  };
}

export type EvidenceQueue = ReturnType<typeof createEvidenceQueue>;
