import {
  type TCreateScanBody,
  type TScanListItem,
  ZScanDetail,
  ZScanListItem,
} from '@netguard/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { isActiveScan } from '@/features/dashboard/metrics';
import { applyScanToCache } from '@/features/realtime/cache-updates';
import { useFallbackRefetch } from '@/features/realtime/realtime-context';
import { scanKeys } from '@/features/scans/scan-keys';
import { apiRequest } from '@/lib/api-client';

export { scanKeys };

/** One scan with its hosts, services and findings; live through the realtime cache updates. */
export function useScanDetail(id: string) {
  const fallback = useFallbackRefetch();
  return useQuery({
    queryKey: scanKeys.detail(id),
    queryFn: ({ signal }) =>
      apiRequest(`/api/scans/${encodeURIComponent(id)}`, { schema: ZScanDetail, signal }),
    refetchInterval: (query) =>
      query.state.data && isActiveScan(query.state.data) ? fallback : false,
  });
}

/** POST /api/scans: inserts a pending scan. */
export function useCreateScan() {
  return useMutation({
    mutationFn: (body: TCreateScanBody) =>
      apiRequest('/api/scans', { method: 'POST', body, schema: ZScanListItem }),
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
