import {
  shortReportId,
  type TReport,
  type TReportContent,
  type TReportFormat,
} from '@netguard/contracts';
import { reportCsv } from './reports.csv.ts';
import { renderReportPdf } from './reports.pdf.ts';

export type ReadyReport = TReport & { content: TReportContent };
export type ReportFile = { filename: string; contentType: string; body: Buffer | string };

const CONTENT_TYPES: Record<TReportFormat, string> = {
  pdf: 'application/pdf',
  csv: 'text/csv; charset=utf-8',
  json: 'application/json; charset=utf-8',
};

/** A ready report as a PDF, CSV or JSON file named after its type, date and short id. */
export async function renderReportFile(
  report: ReadyReport,
  format: TReportFormat,
): Promise<ReportFile> {
  const day = report.created_at.slice(0, 10);
  const filename = `netguard-${report.report_type}-report-${day}-${shortReportId(report.id)}.${format}`;
  const body =
    format === 'pdf'
      ? await renderReportPdf(report)
      : format === 'csv'
        ? reportCsv(report.content)
        : `${JSON.stringify(report, null, 2)}\n`;
  return { filename, contentType: CONTENT_TYPES[format], body };
}
