import { type TReport, type TReportListItem, ZReportContent } from '@netguard/contracts';
import type { ReportRow } from './reports.repo.ts';

/** Picks the list fields of a report row. */
export function toReportListItem(row: ReportRow): TReportListItem {
  return {
    id: row.id,
    report_type: row.reportType,
    title: row.title,
    summary: row.summary,
    status: row.status,
    error: row.error,
    scan_id: row.scanId,
    created_at: row.createdAt.toISOString(),
  };
}

/** The report with its content; content that no longer parses is left out rather than sent. */
export function toReport(row: ReportRow): TReport {
  const content = row.status === 'ready' ? ZReportContent.safeParse(row.content) : null;
  return { ...toReportListItem(row), content: content?.success ? content.data : null };
}
