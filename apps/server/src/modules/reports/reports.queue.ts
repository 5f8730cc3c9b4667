import { createJobQueue } from '../scans/job-queue.ts';
import type { ScanQueue } from '../scans/scans.queue.ts';

export const REPORT_QUEUE = 'report-generate';

/** The report-generation queue. Jobs carry the report's id and whether its plan had evidence. */
export function createReportQueue(jobs: Pick<ScanQueue, 'boss' | 'start'>) {
  const queue = createJobQueue<{ report_id: string; compliance_evidence: boolean }>(
    jobs,
    REPORT_QUEUE,
    {
      // Generation fails for good inside the job; retries cover a worker that died mid-job.
      retryLimit: 2,
      retryDelay: 1,
      expireInSeconds: 120,
    },
  );
  return {
    ...queue,
    send: (reportId: string, complianceEvidence: boolean) =>
      queue.sendJob({ report_id: reportId, compliance_evidence: complianceEvidence }),
  };
}

export type ReportQueue = ReturnType<typeof createReportQueue>;
