import { REPORT_TEXT, ZReportJob } from '@netguard/contracts';
import type { Executor } from '../../db/client.ts';
import { runJob } from '../../lib/job-context.ts';
import type { Logger } from '../../lib/logger.ts';
import { complianceStanding } from '../evidence/evidence.standing.ts';
import { buildReport } from './reports.content.ts';
import { REPORT_QUEUE, type ReportQueue } from './reports.queue.ts';
import * as repo from './reports.repo.ts';
import { loadReportSource } from './reports.source.ts';

export type ReportJobDeps = { db: Executor; log: Logger };

/**
 * Generation job: computes the content of a generating report from its organization's recent
 * completed scans (a Compliance report also from its compliance evidence, when its plan had it)
 * and stores it as ready. Idempotent: a report that is no longer generating is left alone. A
 * failure is stored on the report (the details go to the log only).
 */
export async function runReport(
  { db, log }: ReportJobDeps,
  reportId: string,
  complianceEvidence: boolean,
): Promise<void> {
  const report = await repo.findReportForJob(db, reportId);
  if (report?.status !== 'generating') return;
  try {
    const source = await loadReportSource(db, report.organizationId);
    if (source.scans.length === 0) return await repo.markFailed(db, report.id, REPORT_TEXT.noData);
    const now = new Date();
    if (report.reportType === 'compliance')
      source.compliance = await complianceStanding(
        db,
        report.organizationId,
        complianceEvidence,
        now,
      );
    const built = buildReport(report.reportType, source, now);
    await repo.markReady(db, report.id, built);
  } catch (error) {
    log.error({ err: error, reportId }, 'report generation failed');
    await repo.markFailed(db, report.id, REPORT_TEXT.failed);
  }
}

const WORK_OPTIONS = { pollingIntervalSeconds: 0.5, batchSize: 1 };

/** Starts this process's report worker on the queue. */
export async function workReports(queue: ReportQueue, deps: ReportJobDeps): Promise<void> {
  await queue.ensure();
  await queue.boss.work(REPORT_QUEUE, WORK_OPTIONS, async (jobs) => {
    for (const job of jobs)
      await runJob(deps.log, job, (log) => {
        const data = ZReportJob.parse(job.data);
        return runReport({ ...deps, log }, data.report_id, data.compliance_evidence);
      });
  });
}
