import { REPORT_TEXT, shortReportId, type TReportListItem } from '@netguard/contracts';
import { AlertCircle, Loader2 } from 'lucide-react';
import { Badge } from '@/components/ui/badge';
import { DownloadMenu } from '@/features/reports/components/DownloadMenu';
import { ReportTypeBadge } from '@/features/reports/components/ReportTypeBadge';
import { REPORTS_PAGE_TEXT as T } from '@/features/reports/report-text';
import { VerdictBadge } from '@/features/verdicts/components/VerdictBadge';
import { formatDateTime } from '@/lib/format';

/**
 * One report: type badge, title, summary, its verdicts (inputs on hover), Download, generated
 * date and short Report ID.
 */
export function ReportItem({ report }: { report: TReportListItem }) {
  return (
    <li
      className="flex flex-col gap-3 py-4 sm:flex-row sm:items-start sm:justify-between"
      data-testid="report-item"
      data-status={report.status}
    >
      <div className="min-w-0 space-y-1.5">
        <div className="flex flex-wrap items-center gap-2">
          <ReportTypeBadge type={report.report_type} />
          {report.status === 'generating' && (
            <Badge variant="outline" className="border-transparent bg-blue-50 text-blue-700">
              <Loader2 className="animate-spin" aria-hidden="true" />
              {REPORT_TEXT.generating}
            </Badge>
          )}
          {report.status === 'failed' && (
            <Badge variant="outline" className="border-transparent bg-red-50 text-red-700">
              <AlertCircle aria-hidden="true" />
              {T.failedBadge}
            </Badge>
          )}
        </div>
        <h3 className="font-semibold leading-snug">{report.title}</h3>
        {report.summary && <p className="text-sm text-muted-foreground">{report.summary}</p>}
        {report.verdicts.length > 0 && (
          <div className="flex flex-wrap gap-1.5">
            {report.verdicts.map((verdict) => (
              <VerdictBadge key={verdict.name} verdict={verdict} />
            ))}
          </div>
        )}
        {report.status === 'failed' && report.error && (
          <p className="text-sm text-red-700">{report.error}</p>
        )}
        <p className="flex flex-wrap gap-x-4 gap-y-1 text-xs text-muted-foreground">
          <span>
            {T.generatedOn}{' '}
            <time dateTime={report.created_at}>{formatDateTime(report.created_at)}</time>
          </span>
          <span>
            {T.reportId}: <span className="font-mono">{shortReportId(report.id)}</span>
          </span>
        </p>
      </div>
      <div className="shrink-0">
        <DownloadMenu reportId={report.id} disabled={report.status !== 'ready'} />
      </div>
    </li>
  );
}
