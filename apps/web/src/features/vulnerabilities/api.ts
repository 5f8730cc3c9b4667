import {
  type TThreatMitigationAction,
  type TVulnerabilityFilters,
  type TVulnerabilityPage,
  VULNERABILITY_TEXT,
  ZThreatMitigationAction,
  ZVulnerabilityHistory,
  ZVulnerabilityPage,
} from '@netguard/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { apiQuery } from '@/features/vulnerabilities/filters';
import { vulnerabilityKeys } from '@/features/vulnerabilities/vulnerability-keys';
import { apiDownload, apiRequest, errorMessage } from '@/lib/api-client';

/** Rows fetched per request while scrolling. */
export const PAGE_SIZE = 100;

/** One page (PAGE_SIZE rows) of the filtered list: any page can be read without the ones before. */
export function vulnerabilityPageQuery(filters: TVulnerabilityFilters, page: number) {
  return {
    queryKey: vulnerabilityKeys.page(filters, page),
    queryFn: ({ signal }: { signal: AbortSignal }) =>
      apiRequest(
        `/api/vulnerabilities?${apiQuery(filters, { limit: PAGE_SIZE, offset: page * PAGE_SIZE })}`,
        { schema: ZVulnerabilityPage, signal },
      ),
  };
}

/** The changes recorded for one vulnerability (feed re-evaluations, assessments), newest first. */
export function useVulnerabilityHistory(id: string) {
  return useQuery({
    queryKey: vulnerabilityKeys.history(id),
    queryFn: ({ signal }) =>
      apiRequest(`/api/vulnerabilities/${encodeURIComponent(id)}/history`, {
        schema: ZVulnerabilityHistory,
        signal,
      }),
  });
}

/** Writes an action's new status into a cached page, recomputing the mitigated flag. */
function applyAction(page: TVulnerabilityPage | undefined, action: TThreatMitigationAction) {
  if (!page) return page;
  return {
    ...page,
    items: page.items.map((v) => {
      if (!v.threat_mitigation_actions.some((a) => a.id === action.id)) return v;
      const actions = v.threat_mitigation_actions.map((a) => (a.id === action.id ? action : a));
      return {
        ...v,
        threat_mitigation_actions: actions,
        mitigated: actions.some((a) => a.status === 'completed'),
      };
    }),
  };
}

/** PATCH an action's status; the lists and summary refresh after. */
export function useSetActionStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, status }: Pick<TThreatMitigationAction, 'id' | 'status'>) =>
      apiRequest(`/api/mitigation-actions/${encodeURIComponent(id)}`, {
        method: 'PATCH',
        body: { status },
        schema: ZThreatMitigationAction,
      }),
    onSuccess: (action) => {
      queryClient.setQueriesData<TVulnerabilityPage>({ queryKey: vulnerabilityKeys.all }, (data) =>
        applyAction(data, action),
      );
      void queryClient.invalidateQueries({ queryKey: vulnerabilityKeys.all });
      toast.success(VULNERABILITY_TEXT.statusUpdated);
    },
    onError: (error) =>
      toast.error(VULNERABILITY_TEXT.errorUpdating, { description: errorMessage(error) }),
  });
}

/** Downloads the filtered list as CSV or JSON. */
export async function exportVulnerabilities(
  filters: TVulnerabilityFilters,
  format: 'csv' | 'json',
) {
  try {
    await apiDownload(
      `/api/vulnerabilities/export?${apiQuery(filters, { format })}`,
      `vulnerabilities.${format}`,
    );
  } catch (error) {
    toast.error('Export failed', { description: errorMessage(error) });
  }
}
