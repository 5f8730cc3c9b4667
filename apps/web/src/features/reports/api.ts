import {
  type TReportFormat,
  type TReportList,
  type TReportListItem,
  type TReportType,
  ZReport,
  ZReportList,
  ZReportListItem,
} from '@netguard/contracts';
import {
  keepPreviousData,
  useInfiniteQuery,
  useMutation,
  useQueryClient,
} from '@tanstack/react-query';
import { waitUntilGenerated } from '@/features/reports/wait-generated';
import { apiDownload, apiRequest } from '@/lib/api-client';

/** How often the list re-reads while one of its reports is generating. */
export const REPORT_POLL_MS = 1_000;

/** Reports per page of the list; "Show more" reads the next page. */
export const REPORT_PAGE_SIZE = 20;

export type ReportFilters = { search: string; type: 'all' | TReportType };

export const reportKeys = {
  all: ['reports'] as const,
  lists: () => [...reportKeys.all, 'list'] as const,
  list: (filters: ReportFilters) => [...reportKeys.lists(), filters] as const,
};

/**
 * The organization's reports matching the search and type filter, newest first, a page at a
 * time; re-read while one of them is generating.
 */
export function useReports(filters: ReportFilters) {
  return useInfiniteQuery({
    queryKey: reportKeys.list(filters),
    queryFn: ({ pageParam, signal }) => {
      const params = new URLSearchParams({
        ...filters,
        limit: String(REPORT_PAGE_SIZE),
        offset: String(pageParam),
      });
      return apiRequest(`/api/reports?${params}`, { schema: ZReportList, signal });
    },
    initialPageParam: 0,
    getNextPageParam: (last, pages) => {
      const loaded = pages.reduce((n, page) => n + page.items.length, 0);
      return loaded < last.total ? loaded : undefined;
    },
    placeholderData: keepPreviousData,
    refetchInterval: (q) =>
      q.state.data?.pages.some((page) => page.items.some((r) => r.status === 'generating'))
        ? REPORT_POLL_MS
        : false,
  });
}

/** The loaded pages as one list; a report that moved to the next page while paging shows once. */
export function flattenReports(pages: readonly TReportList[]): TReportListItem[] {
  const seen = new Set<string>();
  return pages.flatMap((page) =>
    page.items.filter((report) => {
      if (seen.has(report.id)) return false;
      seen.add(report.id);
      return true;
    }),
  );
}

const readReport = (id: string) =>
  apiRequest(`/api/reports/${encodeURIComponent(id)}`, { schema: ZReport });

/**
 * POST /api/reports, then waits for the generation job: resolves with the ready report and
 * rejects with the report's error when it failed.
 */
export function useGenerateReport(type: TReportType) {
  const queryClient = useQueryClient();
  const refreshLists = () => queryClient.invalidateQueries({ queryKey: reportKeys.lists() });
  return useMutation({
    mutationFn: async () => {
      const created = await apiRequest('/api/reports', {
        method: 'POST',
        body: { report_type: type },
        schema: ZReportListItem,
      });
      void refreshLists();
      return waitUntilGenerated(() => readReport(created.id), REPORT_POLL_MS);
    },
    onSettled: refreshLists,
  });
}

/** Downloads a ready report as PDF, CSV or JSON through the browser. */
export function downloadReport(id: string, format: TReportFormat): Promise<Headers> {
  return apiDownload(
    `/api/reports/${encodeURIComponent(id)}/download?format=${format}`,
    `report.${format}`,
  );
}
