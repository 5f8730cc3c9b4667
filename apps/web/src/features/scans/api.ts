import {
  type TCreateScanBody,
  type TScanExportFormat,
  type TScanListItem,
  type TScanResultFormat,
  ZScanDetail,
  ZScanDurations,
  ZScanEstimate,
  ZScanEstimateBody,
  ZScanList,
  ZScanListItem,
} from '@netguard/contracts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { isActiveScan } from '@/features/dashboard/metrics';
import { applyScanToCache } from '@/features/realtime/cache-updates';
import { MISSED_EVENT_REFETCH_MS, useFallbackRefetch } from '@/features/realtime/realtime-context';
import {
  HISTORY_PAGE_SIZE,
  historyApiQuery,
  type THistoryFilters,
} from '@/features/scans/history-filters';
import { scanKeys } from '@/features/scans/scan-keys';
import { apiDownload, apiRequest, errorMessage } from '@/lib/api-client';

export { scanKeys };

/**
 * One scan with its hosts, services and findings; live through the realtime cache updates, and
 * re-read now and then while it runs so that a lost event cannot freeze it.
 */
export function useScanDetail(id: string) {
  const fallback = useFallbackRefetch();
  return useQuery({
    queryKey: scanKeys.detail(id),
    queryFn: ({ signal }) =>
      apiRequest(`/api/scans/${encodeURIComponent(id)}`, { schema: ZScanDetail, signal }),
    refetchInterval: (query) =>
      query.state.data && isActiveScan(query.state.data)
        ? fallback || MISSED_EVENT_REFETCH_MS
        : false,
  });
}

/** What the organization's completed scans took, per scan type (measured, not typical figures). */
export function useScanDurations() {
  return useQuery({
    queryKey: scanKeys.durations(),
    queryFn: ({ signal }) => apiRequest('/api/scans/durations', { schema: ZScanDurations, signal }),
  });
}

/** One page of the organization's scans matching the history filters; kept while the next loads. */
export function useScanHistory(filters: THistoryFilters) {
  const query = historyApiQuery(filters, {
    limit: HISTORY_PAGE_SIZE,
    offset: filters.page * HISTORY_PAGE_SIZE,
  });
  return useQuery({
    queryKey: scanKeys.history(query),
    queryFn: ({ signal }) => apiRequest(`/api/scans?${query}`, { schema: ZScanList, signal }),
    placeholderData: keepPreviousData,
  });
}

/** Downloads every scan matching the history filters as CSV or JSON. */
export async function exportScanHistory(filters: THistoryFilters, format: TScanExportFormat) {
  try {
    await apiDownload(
      `/api/scans/export?${historyApiQuery(filters, { format })}`,
      `scans.${format}`,
    );
  } catch (error) {
    toast.error('Export failed', { description: errorMessage(error) });
  }
}

/** Downloads one scan's results as nmap XML or SARIF (the file name comes from the server). */
export async function exportScanResults(
  scan: { id: string; scan_name: string },
  format: TScanResultFormat,
) {
  const extension = format === 'nmap-xml' ? 'xml' : 'sarif';
  try {
    await apiDownload(
      `/api/scans/${encodeURIComponent(scan.id)}/results?format=${format}`,
      `${scan.scan_name}.${extension}`,
    );
  } catch (error) {
    toast.error('Export failed', { description: errorMessage(error) });
  }
}

/** POST /api/scans: inserts a pending scan. */
export function useCreateScan() {
  return useMutation({
    mutationFn: (body: TCreateScanBody) =>
      apiRequest('/api/scans', { method: 'POST', body, schema: ZScanListItem }),
  });
}

/**
 * POST /api/scans/estimate: how long the form's scan should take at the organization's measured
 * rates; idle until the type, the targets and the ports form a valid scan.
 */
export function useScanEstimate(scanType: string, targets: string[], ports: string) {
  const parsed = ZScanEstimateBody.safeParse({
    scan_type: scanType,
    target_hosts: targets,
    ...(ports.trim() ? { ports } : {}),
  });
  const body = parsed.data;
  return useQuery({
    queryKey: scanKeys.estimate(body ?? {}),
    queryFn: ({ signal }) =>
      apiRequest('/api/scans/estimate', { method: 'POST', body, schema: ZScanEstimate, signal }),
    enabled: parsed.success,
    placeholderData: keepPreviousData,
    // A scan finished since the form last asked changes the rates: ask again on every visit.
    staleTime: 0,
  });
}

function useScanAction(action: 'start' | 'cancel') {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      apiRequest(`/api/scans/${encodeURIComponent(id)}/${action}`, {
        method: 'POST',
        schema: ZScanListItem,
      }),
    onSuccess: (scan: TScanListItem) => applyScanToCache(queryClient, scan, 'UPDATE'),
  });
}

/** POST /api/scans/:id/start: starts a pending scan, or retries a failed or cancelled one. */
export function useStartScan() {
  return useScanAction('start');
}

/** POST /api/scans/:id/cancel. */
export function useCancelScan() {
  return useScanAction('cancel');
}
