import { ChevronLeft, ChevronRight, Download, History, Radar } from 'lucide-react';
import { PageHeader } from '@/components/PageHeader';
import { Button } from '@/components/ui/button';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuTrigger,
} from '@/components/ui/dropdown-menu';
import { exportScanHistory, useScanHistory } from '@/features/scans/api';
import { NewScanButton } from '@/features/scans/components/NewScanButton';
import { ScanHistoryFilters } from '@/features/scans/components/ScanHistoryFilters';
import { ScanHistoryList } from '@/features/scans/components/ScanHistoryList';
import { HISTORY_PAGE_SIZE, isHistoryFiltered, pageRange } from '@/features/scans/history-filters';
import { useHistoryFilters } from '@/features/scans/use-history-filters';
import { errorMessage } from '@/lib/api-client';

/** Scan History: every scan of the organization, filtered in the URL, paged, exportable. */
export function ScanHistory() {
  const [filters, setFilters] = useHistoryFilters();
  const query = useScanHistory(filters);
  const page = query.data;
  const pages = page ? Math.max(1, Math.ceil(page.total / HISTORY_PAGE_SIZE)) : 1;

  return (
    <div className="space-y-6">
      <PageHeader
        icon={History}
        title="Scan History"
        subtitle="Every scan of your organization: find one, open it, run it again or export the list."
        actions={
          <div className="flex gap-2">
            <DropdownMenu>
              <DropdownMenuTrigger asChild>
                <Button variant="outline">
                  <Download aria-hidden="true" />
                  Export
                </Button>
              </DropdownMenuTrigger>
              <DropdownMenuContent align="end">
                <DropdownMenuItem onSelect={() => exportScanHistory(filters, 'csv')}>
                  Export CSV
                </DropdownMenuItem>
                <DropdownMenuItem onSelect={() => exportScanHistory(filters, 'json')}>
                  Export JSON
                </DropdownMenuItem>
              </DropdownMenuContent>
            </DropdownMenu>
            <NewScanButton />
          </div>
        }
      />
      <ScanHistoryFilters filters={filters} onChange={setFilters} />
      {query.error ? (
        <p
          className="rounded-md border border-red-200 bg-red-50 p-3 text-sm text-red-800"
          role="alert"
        >
          {errorMessage(query.error)}
        </p>
      ) : !page ? (
        <div className="h-40 animate-pulse rounded-xl border bg-muted/40" />
      ) : page.total === 0 ? (
        <div className="flex flex-col items-center gap-3 rounded-xl border border-dashed py-12 text-center">
          <Radar className="size-8 text-muted-foreground" aria-hidden="true" />
          <p className="font-medium">
            {isHistoryFiltered(filters) ? 'No scan matches these filters' : 'No scans yet'}
          </p>
        </div>
      ) : (
        <>
          <ScanHistoryList scans={page.items} />
          <nav className="flex items-center justify-between gap-3" aria-label="Pages">
            <p className="whitespace-nowrap text-sm text-muted-foreground" aria-live="polite">
              {pageRange(filters.page, page.items.length, page.total)}
            </p>
            <div className="flex items-center gap-2">
              <Button
                variant="outline"
                size="sm"
                disabled={filters.page === 0}
                onClick={() => setFilters({ page: filters.page - 1 })}
              >
                <ChevronLeft aria-hidden="true" />
                Previous
              </Button>
              <span className="hidden whitespace-nowrap text-sm tabular-nums sm:inline">
                Page {filters.page + 1} of {pages}
              </span>
              <Button
                variant="outline"
                size="sm"
                disabled={filters.page + 1 >= pages}
                onClick={() => setFilters({ page: filters.page + 1 })}
              >
                Next
                <ChevronRight aria-hidden="true" />
              </Button>
            </div>
          </nav>
        </>
      )}
    </div>
  );
}
