import { FileText } from 'lucide-react';
import { useState } from 'react';
import { Spinner } from '@/components/Spinner';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { flattenReports, useReports } from '@/features/reports/api';
import { ReportFilters, type ReportTypeFilter } from '@/features/reports/components/ReportFilters';
import { ReportItem } from '@/features/reports/components/ReportItem';
import { REPORTS_PAGE_TEXT as T } from '@/features/reports/report-text';
import { useDebouncedValue } from '@/features/reports/use-debounced-value';
import { useLoadErrorToast } from '@/features/reports/use-load-error-toast';

const SEARCH_DEBOUNCE_MS = 250;

function Empty({ filtered }: { filtered: boolean }) {
  return (
    <div className="flex flex-col items-center gap-2 rounded-lg border border-dashed py-10 text-center">
      <FileText className="size-8 text-muted-foreground" aria-hidden="true" />
      <p className="font-medium">{filtered ? T.emptyFiltered : T.emptyTitle}</p>
      <p className="text-sm text-muted-foreground">
        {filtered ? T.emptyFilteredHint : T.emptyHint}
      </p>
    </div>
  );
}

/** The existing reports: search, type filter and the list, re-read while any is generating. */
export function ReportList() {
  const [search, setSearch] = useState('');
  const [type, setType] = useState<ReportTypeFilter>('all');
  const query = { search: useDebouncedValue(search.trim(), SEARCH_DEBOUNCE_MS), type };
  const reports = useReports(query);
  useLoadErrorToast(reports.error);
  const items = flattenReports(reports.data?.pages ?? []);
  const total = reports.data?.pages.at(-1)?.total ?? 0;

  return (
    <Card data-testid="report-list">
      <CardHeader>
        <CardTitle>{T.listTitle}</CardTitle>
        <CardDescription>{T.listDescription}</CardDescription>
      </CardHeader>
      <CardContent className="space-y-4">
        <ReportFilters search={search} type={type} onSearch={setSearch} onType={setType} />
        {reports.isPending ? (
          <div className="flex justify-center py-10">
            <Spinner label="Loading reports" />
          </div>
        ) : items.length === 0 ? (
          <Empty filtered={query.search !== '' || type !== 'all'} />
        ) : (
          <>
            <ul className="divide-y" aria-label="Reports">
              {items.map((report) => (
                <ReportItem key={report.id} report={report} />
              ))}
            </ul>
            <div className="flex items-center justify-between gap-4 border-t pt-4 text-sm text-muted-foreground">
              <span>{T.showing(items.length, total)}</span>
              {reports.hasNextPage && (
                <Button
                  variant="outline"
                  size="sm"
                  disabled={reports.isFetchingNextPage}
                  onClick={() => void reports.fetchNextPage()}
                >
                  {T.showMore}
                </Button>
              )}
            </div>
          </>
        )}
      </CardContent>
    </Card>
  );
}
