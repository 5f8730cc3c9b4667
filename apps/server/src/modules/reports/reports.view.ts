import {
  type TReport,
  type TReportListItem,
  type TVerdict,
  ZReportContent,
  ZVerdict,
} from '@netguard/contracts';
import type { ReportRow } from './reports.repo.ts';

const ZVerdicts = ZVerdict.array();

/** The verdicts a ready report's content holds; none for older reports or while generating. */
function verdictsOf(row: ReportRow): TVerdict[] {
  if (row.status !== 'ready' || typeof row.content !== 'object' || row.content === null) return [];
  const parsed = ZVerdicts.safeParse((row.content as { verdicts?: unknown }).verdicts);
  return parsed.success ? parsed.data : [];
}

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
    verdicts: verdictsOf(row),
  };
}

/** The report with its content; content that no longer parses is left out rather than sent. */
export function toReport(row: ReportRow): TReport {
  const content = row.status === 'ready' ? ZReportContent.safeParse(row.content) : null;
  return { ...toReportListItem(row), content: content?.success ? content.data : null };
}
