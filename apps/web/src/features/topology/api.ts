import {
  type TTopologySettings,
  ZScanListItem,
  ZTopologyGraph,
  ZTopologyPingResult,
  ZTopologySettings,
} from '@netguard/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

/** Query keys of the topology domain; finished scans invalidate the graph. */
export const topologyKeys = {
  all: ['topology'] as const,
  graph: () => [...topologyKeys.all, 'graph'] as const,
  settings: () => [...topologyKeys.all, 'settings'] as const,
};

/** GET /api/topology: the organization's network, or the labelled sample. */
export function useTopology() {
  return useQuery({
    queryKey: topologyKeys.graph(),
    queryFn: ({ signal }) => apiRequest('/api/topology', { schema: ZTopologyGraph, signal }),
  });
}

export function useTopologySettings() {
  return useQuery({
    queryKey: topologyKeys.settings(),
    queryFn: ({ signal }) =>
      apiRequest('/api/topology/settings', { schema: ZTopologySettings, signal }),
  });
}

/** PUT /api/topology/settings, shown at once and rolled back when the save fails. */
export function useSaveTopologySettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (settings: TTopologySettings) =>
      apiRequest('/api/topology/settings', {
        method: 'PUT',
        body: settings,
        schema: ZTopologySettings,
      }),
    onMutate: async (settings) => {
      await queryClient.cancelQueries({ queryKey: topologyKeys.settings() });
      const before = queryClient.getQueryData<TTopologySettings>(topologyKeys.settings());
      queryClient.setQueryData(topologyKeys.settings(), settings);
      return { before };
    },
    onError: (_error, _settings, context) => {
      if (context?.before) queryClient.setQueryData(topologyKeys.settings(), context.before);
    },
  });
}

/** POST /api/topology/ping: a TCP reachability probe of a scanned host, run by the server. */
export function usePingHost() {
  return useMutation({
    mutationFn: (host: string) =>
      apiRequest('/api/topology/ping', {
        method: 'POST',
        body: { host },
        schema: ZTopologyPingResult,
      }),
  });
}

/** POST /api/topology/port-scan: creates and starts a port scan of a scanned host. */
export function usePortScanHost() {
  return useMutation({
    mutationFn: (host: string) =>
      apiRequest('/api/topology/port-scan', {
        method: 'POST',
        body: { host },
        schema: ZScanListItem,
      }),
  });
}
