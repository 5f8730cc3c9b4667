import { withRequestId } from '../../lib/job-context.ts';
import { retryDeadlock, type ScanQueue } from '../scans/scans.queue.ts';

export const REPORT_QUEUE = 'report-generate';

const QUEUE_OPTIONS = {
  name: REPORT_QUEUE,
  // Generation fails for good inside the job; retries cover a worker that died mid-job.
  retryLimit: 2,
  retryDelay: 1,
  expireInSeconds: 120,
};

/**
 * The report-generation queue, on the pg-boss instance of the scan queues. Jobs carry ids only,
 * and the id of the request that asked for the report.
 */
export function createReportQueue(jobs: Pick<ScanQueue, 'boss' | 'start'>) {
  let ready: Promise<void> | null = null;
  const ensure = () => {
    ready ??= (async () => {
      await jobs.start();
      await retryDeadlock(() => jobs.boss.createQueue(REPORT_QUEUE, QUEUE_OPTIONS));
    })().catch((error: unknown) => {
      ready = null;
      throw error;
    });
    return ready;
  };
  return {
    boss: jobs.boss,
    ensure,
    async send(reportId: string) {
      await ensure();
      await jobs.boss.send(REPORT_QUEUE, withRequestId({ report_id: reportId }));
    },
  };
}

export type ReportQueue = ReturnType<typeof createReportQueue>;
