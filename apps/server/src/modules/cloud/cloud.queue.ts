import { createJobQueue } from '../scans/job-queue.ts';
import type { ScanQueue } from '../scans/scans.queue.ts';

export const CLOUD_SCAN_QUEUE = 'cloud-scan';
/** Attempts of one cloud scan job (first run + retries) before its scan is failed. */
export const CLOUD_SCAN_ATTEMPTS = 3;

/** The cloud scan queue. Jobs carry the cloud scan's id. */
export function createCloudQueue(jobs: Pick<ScanQueue, 'boss' | 'start'>) {
  const queue = createJobQueue<{ cloud_scan_id: string }>(jobs, CLOUD_SCAN_QUEUE, {
    // A scan that fails inside the job ends there; retries cover a worker that died mid-scan.
    retryLimit: CLOUD_SCAN_ATTEMPTS - 1,
    retryDelay: 1,
    expireInSeconds: 30 * 60,
  });
  return {
    ...queue,
    send: (cloudScanId: string) => queue.sendJob({ cloud_scan_id: cloudScanId }),
  };
}

export type CloudQueue = ReturnType<typeof createCloudQueue>;
