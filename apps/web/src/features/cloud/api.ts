import {
  CLOUD_TEXT,
  type TCloudMuteRuleCreate,
  type TStoreCloudCredentials,
  ZCloudConnection,
  ZCloudConnectionList,
  ZCloudMuteRule,
  ZCloudMuteRuleList,
  ZCloudScan,
  ZCloudScanComparison,
  ZCloudScanDetail,
  ZCloudScanList,
  ZCloudScanStarted,
} from '@netguard/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { applyCloudScanToCache, isFinalCloudScan } from '@/features/cloud/cloud-cache';
import { cloudKeys } from '@/features/cloud/cloud-keys';
import { useFallbackRefetch } from '@/features/realtime/realtime-context';
import { apiRequest, errorMessage } from '@/lib/api-client';

/** How many recent scans the page reads: enough for the latest result of every connection. */
const SCAN_LIST_LIMIT = 50;

const idPath = (base: string, id: string, rest = '') => `${base}/${encodeURIComponent(id)}${rest}`;

/** The organization's cloud connections (never a secret). */
export function useCloudConnections() {
  return useQuery({
    queryKey: cloudKeys.connections(),
    queryFn: ({ signal }) =>
      apiRequest('/api/cloud/connections', { schema: ZCloudConnectionList, signal }),
  });
}

/**
 * POST /api/cloud/connections: the server verifies the credentials with the provider first. The
 * spec's toasts: "<Provider> Connected", or "Connection Failed" with the server's message.
 */
export function useConnectCloud() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TStoreCloudCredentials) =>
      apiRequest('/api/cloud/connections', { method: 'POST', body, schema: ZCloudConnection }),
    onSuccess: (connection) => {
      void queryClient.invalidateQueries({ queryKey: cloudKeys.connections() });
      toast.success(CLOUD_TEXT.connected(connection.provider), { description: connection.name });
    },
    onError: (error, body) => {
      const description =
        error instanceof Error && error.message
          ? error.message
          : CLOUD_TEXT.connectionFailed(body.provider);
      toast.error(CLOUD_TEXT.connectionFailedTitle, { description });
    },
  });
}

/** DELETE /api/cloud/connections/:id (admins). */
export function useDisconnectCloud() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      apiRequest(idPath('/api/cloud/connections', id), { method: 'DELETE' }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: cloudKeys.all }),
    onError: (error) => toast.error('Error', { description: errorMessage(error) }),
  });
}

/** Recent cloud scans, newest first; the socket keeps them live, a slow re-read covers its gaps. */
export function useCloudScans() {
  const fallback = useFallbackRefetch();
  return useQuery({
    queryKey: cloudKeys.scans(),
    queryFn: ({ signal }) =>
      apiRequest(`/api/cloud/scans?limit=${SCAN_LIST_LIMIT}`, { schema: ZCloudScanList, signal }),
    refetchInterval: (query) =>
      query.state.data?.scans.some((scan) => !isFinalCloudScan(scan)) ? fallback : false,
  });
}

/** "Run Multi-Cloud Scan": one scan per connected connection. */
export function useStartCloudScan() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () =>
      apiRequest('/api/cloud/scans', { method: 'POST', body: {}, schema: ZCloudScanStarted }),
    onSuccess: ({ scans }) => {
      for (const scan of scans) applyCloudScanToCache(queryClient, scan);
    },
    onError: (error) =>
      toast.error(CLOUD_TEXT.scanFailedTitle, {
        description: `${CLOUD_TEXT.scanFailed}: ${errorMessage(error)}`,
      }),
  });
}

/** POST /api/cloud/scans/:id/cancel. */
export function useCancelCloudScan() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      apiRequest(idPath('/api/cloud/scans', id, '/cancel'), { method: 'POST', schema: ZCloudScan }),
    onSuccess: (scan) => applyCloudScanToCache(queryClient, scan),
    onError: (error) => toast.error('Error', { description: errorMessage(error) }),
  });
}

/** A finished scan with the findings it saw. */
export function useCloudScanDetail(id: string, enabled = true) {
  return useQuery({
    queryKey: cloudKeys.scan(id),
    queryFn: ({ signal }) =>
      apiRequest(idPath('/api/cloud/scans', id), { schema: ZCloudScanDetail, signal }),
    enabled,
  });
}

/** New, resolved and still open findings against the previous scan of the same connection. */
export function useCloudComparison(id: string) {
  return useQuery({
    queryKey: cloudKeys.comparison(id),
    queryFn: ({ signal }) =>
      apiRequest(idPath('/api/cloud/scans', id, '/comparison'), {
        schema: ZCloudScanComparison,
        signal,
      }),
  });
}

export function useMuteRules() {
  return useQuery({
    queryKey: cloudKeys.muteRules(),
    queryFn: ({ signal }) =>
      apiRequest('/api/cloud/mute-rules', { schema: ZCloudMuteRuleList, signal }),
  });
}

/** A new or removed rule changes which findings are muted: everything cloud is read again. */
function useMuteRuleMutation<T>(mutationFn: (input: T) => Promise<unknown>, done: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: cloudKeys.all });
      toast.success(done);
    },
    onError: (error) => toast.error('Error', { description: errorMessage(error) }),
  });
}

export const useCreateMuteRule = () =>
  useMuteRuleMutation(
    (body: TCloudMuteRuleCreate) =>
      apiRequest('/api/cloud/mute-rules', { method: 'POST', body, schema: ZCloudMuteRule }),
    'Mute rule created',
  );

export const useDeleteMuteRule = () =>
  useMuteRuleMutation(
    (id: string) => apiRequest(idPath('/api/cloud/mute-rules', id), { method: 'DELETE' }),
    'Mute rule deleted',
  );
