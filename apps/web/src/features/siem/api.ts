import {
  SIEM_API,
  SIEM_TEXT,
  type TSiemDeliveryState,
  type TSiemIntegration,
  type TSiemIntegrationCreate,
  type TSiemIntegrationUpdate,
  type TSiemType,
  ZSiemDeliveryList,
  ZSiemIntegration,
  ZSiemIntegrationList,
  ZSiemQueryList,
  ZSiemRealtimeResult,
  ZSiemReplayResult,
  ZSiemTestResult,
} from '@netguard/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { siemKeys } from '@/features/siem/siem-keys';
import type { TDeliveryFilter } from '@/features/siem/siem-labels';
import { apiDownload, apiRequest, errorMessage } from '@/lib/api-client';

/** Backlog and delivery statistics move all the time: the list is read again this often. */
export const SIEM_REFETCH_MS = 10_000;
const DELIVERY_LIMIT = 100;

const failed = (what: string) => (error: unknown) =>
  toast.error('Error', { description: `${what}: ${errorMessage(error)}` });

/**
 * The organization's integrations (credentials masked) with their statistics and the summary;
 * not asked for by a role that may not read them.
 */
export function useSiemIntegrations(enabled = true) {
  return useQuery({
    queryKey: siemKeys.integrations(),
    queryFn: ({ signal }) =>
      apiRequest(SIEM_API.integrations, { schema: ZSiemIntegrationList, signal }),
    refetchInterval: SIEM_REFETCH_MS,
    enabled,
  });
}

/** Anything that changes an integration changes the list, its statistics and its log. */
function useInvalidateSiem() {
  const queryClient = useQueryClient();
  return () => void queryClient.invalidateQueries({ queryKey: siemKeys.all });
}

export function useCreateSiemIntegration() {
  const invalidate = useInvalidateSiem();
  return useMutation({
    mutationFn: (body: TSiemIntegrationCreate) =>
      apiRequest(SIEM_API.integrations, { method: 'POST', body, schema: ZSiemIntegration }),
    onSuccess: () => {
      invalidate();
      toast.success(SIEM_TEXT.createdTitle, { description: SIEM_TEXT.created });
    },
    onError: failed(SIEM_TEXT.createFailed),
  });
}

export function useUpdateSiemIntegration() {
  const invalidate = useInvalidateSiem();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: TSiemIntegrationUpdate }) =>
      apiRequest(SIEM_API.integration(id), { method: 'PATCH', body, schema: ZSiemIntegration }),
    onSuccess: (integration) => {
      invalidate();
      toast.success('Integration updated', { description: integration.name });
    },
    onError: failed('Failed to update SIEM integration'),
  });
}

export function useDeleteSiemIntegration() {
  const invalidate = useInvalidateSiem();
  return useMutation({
    mutationFn: (integration: TSiemIntegration) =>
      apiRequest(SIEM_API.integration(integration.id), { method: 'DELETE' }),
    onSuccess: (_, integration) => {
      invalidate();
      toast.success('Integration deleted', { description: integration.name });
    },
    onError: failed('Failed to delete SIEM integration'),
  });
}

/** Test Connection: a canary event, and whether the SIEM accepted it (spec part 2 §8 toasts). */
export function useTestSiemConnection() {
  const invalidate = useInvalidateSiem();
  return useMutation({
    mutationFn: (id: string) =>
      apiRequest(SIEM_API.test(id), { method: 'POST', schema: ZSiemTestResult }),
    onSuccess: (result) => {
      invalidate();
      if (result.success)
        toast.success(SIEM_TEXT.connectionSuccessful, { description: result.message });
      else toast.error(SIEM_TEXT.connectionFailed, { description: result.message });
    },
    onError: failed(SIEM_TEXT.testFailed),
  });
}

export function useSiemRealtime() {
  const invalidate = useInvalidateSiem();
  return useMutation({
    mutationFn: ({ id, enabled }: { id: string; enabled: boolean }) =>
      apiRequest(SIEM_API.realtime(id), {
        method: 'POST',
        body: { enabled },
        schema: ZSiemRealtimeResult,
      }),
    onSuccess: ({ integration }) => {
      invalidate();
      toast.success(
        integration.settings.enableRealtime ? 'Realtime forwarding on' : 'Realtime forwarding off',
        { description: integration.name },
      );
    },
    onError: failed('Failed to change realtime forwarding'),
  });
}

/** The integration's delivery log, newest first, of one state or all. */
export function useSiemDeliveries(id: string, state: TDeliveryFilter, enabled: boolean) {
  const params = new URLSearchParams({ limit: String(DELIVERY_LIMIT) });
  if (state !== 'all') params.set('state', state satisfies TSiemDeliveryState);
  return useQuery({
    queryKey: siemKeys.deliveries(id, state),
    queryFn: ({ signal }) =>
      apiRequest(`${SIEM_API.deliveries(id)}?${params}`, { schema: ZSiemDeliveryList, signal }),
    enabled,
    refetchInterval: enabled ? SIEM_REFETCH_MS : false,
  });
}

/** Replay: the given dead letters, or every dead letter when no ids are given. */
export function useReplaySiem() {
  const invalidate = useInvalidateSiem();
  return useMutation({
    mutationFn: ({ id, eventIds }: { id: string; eventIds?: string[] }) =>
      apiRequest(SIEM_API.replay(id), {
        method: 'POST',
        body: eventIds ? { eventIds } : {},
        schema: ZSiemReplayResult,
      }),
    onSuccess: ({ replayed }) => {
      invalidate();
      toast.success('Replay queued', {
        description: `${replayed} ${replayed === 1 ? 'event' : 'events'} queued for delivery again`,
      });
    },
    onError: failed('Failed to replay events'),
  });
}

/** Downloads the forwarded events of a time range through the authenticated API. */
export async function exportSiemEvents(integration: TSiemIntegration, query: string, ext: string) {
  try {
    await apiDownload(`${SIEM_API.export(integration.id)}?${query}`, `siem-events.${ext}`);
  } catch (error) {
    toast.error('Export failed', { description: errorMessage(error) });
  }
}

/** Dashboard panels and alert rules written in the SIEM's own query language. */
export function useSiemQueries(siemType: TSiemType) {
  return useQuery({
    queryKey: siemKeys.queries(siemType),
    queryFn: ({ signal }) =>
      apiRequest(`${SIEM_API.queries}?siemType=${siemType}`, { schema: ZSiemQueryList, signal }),
    staleTime: Number.POSITIVE_INFINITY,
  });
}
