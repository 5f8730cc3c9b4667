import { REPORT_FORMATS, type TReportFormat } from '@netguard/contracts';
import { Download } from 'lucide-react';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuTrigger,
} from '@/components/ui/dropdown-menu';
import { downloadReport } from '@/features/reports/api';
import { REPORTS_PAGE_TEXT as T } from '@/features/reports/report-text';
import { errorMessage } from '@/lib/api-client';

const FORMAT_LABELS: Record<TReportFormat, string> = {
  pdf: 'PDF document',
  csv: 'CSV spreadsheet',
  json: 'JSON data',
};

/** The Download button: the report as PDF, CSV or JSON. */
export function DownloadMenu({ reportId, disabled }: { reportId: string; disabled: boolean }) {
  function onDownload(format: TReportFormat) {
    downloadReport(reportId, format).catch((error: unknown) =>
      toast.error(T.downloadError, { description: errorMessage(error) }),
    );
  }

  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        <Button variant="outline" size="sm" disabled={disabled}>
          <Download aria-hidden="true" />
          {T.download}
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end">
        {REPORT_FORMATS.map((format) => (
          <DropdownMenuItem key={format} onSelect={() => onDownload(format)}>
            <span className="font-medium uppercase">{format}</span>
            <span className="text-muted-foreground">{FORMAT_LABELS[format]}</span>
          </DropdownMenuItem>
        ))}
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
