import { withRequestId } from '../../lib/job-context.ts';
import { retryDeadlock, type ScanQueue } from '../scans/scans.queue.ts';

export const CLOUD_SCAN_QUEUE = 'cloud-scan';
/** Attempts of one cloud scan job (first run + retries) before its scan is failed. */
export const CLOUD_SCAN_ATTEMPTS = 3;

const QUEUE_OPTIONS = {
  name: CLOUD_SCAN_QUEUE,
  // A scan that fails inside the job ends there; retries cover a worker that died mid-scan.
  retryLimit: CLOUD_SCAN_ATTEMPTS - 1,
  retryDelay: 1,
  expireInSeconds: 30 * 60,
};

/**
 * The cloud scan queue, on the pg-boss instance of the scan queues. Jobs carry the cloud scan's
 * id only, and the id of the request that started it.
 */
export function createCloudQueue(jobs: Pick<ScanQueue, 'boss' | 'start'>) {
  let ready: Promise<void> | null = null;
  const ensure = () => {
    ready ??= (async () => {
      await jobs.start();
      await retryDeadlock(() => jobs.boss.createQueue(CLOUD_SCAN_QUEUE, QUEUE_OPTIONS));
    })().catch((error: unknown) => {
      ready = null;
      throw error;
    });
    return ready;
  };
  return {
    boss: jobs.boss,
    ensure,
    async send(cloudScanId: string) {
      await ensure();
      await jobs.boss.send(CLOUD_SCAN_QUEUE, withRequestId({ cloud_scan_id: cloudScanId }));
    },
  };
}

export type CloudQueue = ReturnType<typeof createCloudQueue>;
