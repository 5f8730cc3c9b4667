import {
  REPORT_TEXT,
  type TCreateReportBody,
  type TPlanFeature,
  type TReport,
  type TReportFormat,
  type TReportList,
  type TReportListItem,
  type ZReportListQuery,
} from '@netguard/contracts';
import type { z } from 'zod';
import type { Executor } from '../../db/client.ts';
import { afterCommit } from '../../db/tenant-scope.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import type { Logger } from '../../lib/logger.ts';
import { traceLog } from '../../lib/request-id.ts';
import { insertAuditLog, type RequestMeta } from '../audit/audit.repo.ts';
import type { AuthContext } from '../auth/sessions.service.ts';
import { REPORT_TITLES } from './reports.content.ts';
import { type ReportFile, renderReportFile } from './reports.files.ts';
import type { ReportQueue } from './reports.queue.ts';
import * as repo from './reports.repo.ts';
import { recentCompletedScans } from './reports.source.ts';
import { toReport, toReportListItem } from './reports.view.ts';

type Deps = {
  db: Executor;
  queue: Pick<ReportQueue, 'send'>;
  log: Logger;
  /** Whether the organization's plan includes a feature (the subscription service's). */
  includes: (organizationId: string, feature: TPlanFeature) => Promise<boolean>;
};
type ListQuery = z.output<typeof ZReportListQuery>;

/** Reports of the caller's organization: generate (as a job), list, read, download. */
export function createReportService({ db, queue, log, includes }: Deps) {
  async function findOwn(auth: AuthContext, id: string) {
    const row = await repo.findReport(db, auth.organizationId, id);
    if (!row) throw notFound('Report');
    return row;
  }

  return {
    /** Inserts the report as generating and enqueues its job after the insert commits. */
    async create(
      auth: AuthContext,
      body: TCreateReportBody,
      meta: RequestMeta,
    ): Promise<TReportListItem> {
      const [latest] = await recentCompletedScans(db, auth.organizationId);
      if (!latest) throw new AppError('conflict', 409, REPORT_TEXT.noData);
      const row = await db.transaction(async (tx) => {
        const report = await repo.insertGenerating(
          tx,
          {
            userId: auth.userId,
            organizationId: auth.organizationId,
            scanId: latest.id,
            reportType: body.report_type,
          },
          REPORT_TITLES[body.report_type],
        );
        await insertAuditLog(
          tx,
          {
            userId: auth.userId,
            organizationId: auth.organizationId,
            action: 'report.generate',
            resourceType: 'report',
            resourceId: report.id,
            details: { report_type: body.report_type },
          },
          meta,
        );
        return report;
      });
      const evidence =
        body.report_type === 'compliance' &&
        (await includes(auth.organizationId, 'compliance_evidence'));
      // After the commit, so the job never looks for a report it cannot see yet.
      await afterCommit(() =>
        queue.send(row.id, evidence).catch(async (error: unknown) => {
          traceLog(log).error({ err: error, reportId: row.id }, 'enqueueing the report failed');
          await repo.markFailed(db, row.id, REPORT_TEXT.failed);
        }),
      );
      return toReportListItem(row);
    },

    async list(auth: AuthContext, query: ListQuery): Promise<TReportList> {
      await repo.failStaleReports(db, auth.organizationId);
      const filters = { search: query.search, type: query.type };
      const [rows, total] = await Promise.all([
        repo.listReports(db, auth.organizationId, filters, query),
        repo.countReports(db, auth.organizationId, filters),
      ]);
      return { items: rows.map(toReportListItem), total };
    },

    async get(auth: AuthContext, id: string): Promise<TReport> {
      return toReport(await findOwn(auth, id));
    },

    /** The report as a file; only a ready report has content to download. */
    async download(auth: AuthContext, id: string, format: TReportFormat): Promise<ReportFile> {
      const report = toReport(await findOwn(auth, id));
      if (report.status === 'generating') throw new AppError('conflict', 409, REPORT_TEXT.notReady);
      if (!report.content) throw new AppError('conflict', 409, report.error ?? REPORT_TEXT.failed);
      return renderReportFile({ ...report, content: report.content }, format);
    },
  };
}

export type ReportService = ReturnType<typeof createReportService>;
