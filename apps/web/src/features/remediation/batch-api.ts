import {
  type TBatch,
  type TScheduleBatch,
  ZBatch,
  ZBatchList,
  ZVulnerabilityPage,
} from '@netguard/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { useFallbackRefetch } from '@/features/realtime/realtime-context';
import { ACTIVE_POLL_MS, REMEDIATION_API } from '@/features/remediation/api';
import { invalidateRemediationQueries } from '@/features/remediation/remediation-cache';
import { remediationKeys } from '@/features/remediation/remediation-keys';
import { apiQuery, DEFAULT_FILTERS } from '@/features/vulnerabilities/filters';
import { apiRequest } from '@/lib/api-client';
import { formatDateTime } from '@/lib/format';

// schedule-batch-remediation: the organization's batches, and scheduling one.

/** The most open findings the batch dialog offers (the API's page maximum). */
export const BATCH_VULNERABILITY_LIMIT = 200;

/** The batches, newest first; read often while one runs (its counts move). */
export function useRemediationBatches() {
  const fallback = useFallbackRefetch();
  return useQuery({
    queryKey: remediationKeys.batches(),
    queryFn: ({ signal }) => apiRequest(REMEDIATION_API.batches, { schema: ZBatchList, signal }),
    refetchInterval: (query) =>
      query.state.data?.batches.some((batch) => batch.status === 'running')
        ? ACTIVE_POLL_MS
        : fallback,
  });
}

/** Open findings that name a check (only those have an action), for the batch dialog. */
export function useBatchVulnerabilities(enabled: boolean) {
  const filters = { ...DEFAULT_FILTERS, state: 'open' as const };
  return useQuery({
    queryKey: remediationKeys.batchVulnerabilities(),
    queryFn: async ({ signal }) => {
      const page = await apiRequest(
        `/api/vulnerabilities?${apiQuery(filters, { limit: BATCH_VULNERABILITY_LIMIT, offset: 0 })}`,
        { schema: ZVulnerabilityPage, signal },
      );
      return page.items.filter((v) => v.check_id !== null);
    },
    enabled,
  });
}

const scheduledText = (batch: TBatch) => {
  const skipped = batch.skipped.length ? `, ${batch.skipped.length} skipped` : '';
  return `${batch.executions} executions from ${formatDateTime(batch.scheduleTime)}${skipped}`;
};

/**
 * Schedules a batch (scheduling approves its executions); the server's refusal, such as the
 * missing APPLY of a high-risk batch, is left on the mutation for the dialog to show.
 */
export function useScheduleBatch() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TScheduleBatch) =>
      apiRequest(REMEDIATION_API.batches, { method: 'POST', body, schema: ZBatch }),
    onSuccess: (batch) => {
      invalidateRemediationQueries(queryClient);
      toast.success('Batch scheduled', { description: scheduledText(batch) });
    },
  });
}
