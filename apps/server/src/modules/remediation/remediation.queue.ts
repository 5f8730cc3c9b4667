import { createJobQueue } from '../scans/job-queue.ts';
import type { ScanQueue } from '../scans/scans.queue.ts';
import { STALE_SECONDS } from './remediation.runner.ts';

export const REMEDIATION_QUEUE = 'remediation';

/** One waiting job per execution at most; the job runs runExecution once. */
export function createRemediationQueue(jobs: Pick<ScanQueue, 'boss' | 'start'>) {
  const queue = createJobQueue<{ execution_id: string }>(jobs, REMEDIATION_QUEUE, {
    // A run that dies with its worker is resumed by the sweep once its claim is stale.
    retryLimit: 0,
    retryDelay: 1,
    expireInSeconds: 30 * 60 + STALE_SECONDS,
    policy: 'short',
  });
  return {
    ...queue,
    send: (executionId: string) =>
      queue.sendJob({ execution_id: executionId }, { singletonKey: executionId }),
  };
}

export type RemediationQueue = ReturnType<typeof createRemediationQueue>;
