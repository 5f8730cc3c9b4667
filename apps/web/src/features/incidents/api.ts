import {
  INCIDENT_LIST_DEFAULT,
  type TIncidentMergeBody,
  type TIncidentPatchBody,
  type TIncidentStatus,
  ZIncident,
  ZIncidentAssignees,
  ZIncidentDetail,
  ZIncidentList,
  ZIncidentNote,
} from '@netguard/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

const BASE = '/api/security/incidents';

export const incidentKeys = {
  all: ['incidents'] as const,
  list: (limit: number, status?: TIncidentStatus) =>
    ['incidents', 'list', limit, status ?? 'all'] as const,
  detail: (id: string) => ['incidents', 'detail', id] as const,
  assignees: ['incidents', 'assignees'] as const,
};

/** The newest incidents of the current organization (10 unless asked). */
export function useIncidents(limit = INCIDENT_LIST_DEFAULT, status?: TIncidentStatus) {
  return useQuery({
    queryKey: incidentKeys.list(limit, status),
    queryFn: ({ signal }) => {
      const query = new URLSearchParams({ limit: String(limit) });
      if (status) query.set('status', status);
      return apiRequest(`${BASE}?${query}`, { schema: ZIncidentList, signal }).then(
        (r) => r.incidents,
      );
    },
  });
}

/** One incident with its timeline, notes and status history. */
export function useIncident(id: string | null) {
  return useQuery({
    queryKey: incidentKeys.detail(id ?? ''),
    queryFn: ({ signal }) => apiRequest(`${BASE}/${id}`, { schema: ZIncidentDetail, signal }),
    enabled: id !== null,
  });
}

/** Members an incident can be assigned to. */
export function useIncidentAssignees(enabled = true) {
  return useQuery({
    queryKey: incidentKeys.assignees,
    queryFn: ({ signal }) =>
      apiRequest(`${BASE}/assignees`, { schema: ZIncidentAssignees, signal }).then(
        (r) => r.assignees,
      ),
    enabled,
  });
}

function useIncidentMutation<T, R>(fn: (arg: T) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSettled: () => queryClient.invalidateQueries({ queryKey: incidentKeys.all }),
  });
}

export const useUpdateIncident = () =>
  useIncidentMutation(({ id, body }: { id: string; body: TIncidentPatchBody }) =>
    apiRequest(`${BASE}/${id}`, { method: 'PATCH', body, schema: ZIncident }),
  );

export const useAddIncidentNote = () =>
  useIncidentMutation(({ id, text }: { id: string; text: string }) =>
    apiRequest(`${BASE}/${id}/notes`, { method: 'POST', body: { text }, schema: ZIncidentNote }),
  );

export const useMergeIncidents = () =>
  useIncidentMutation((body: TIncidentMergeBody) =>
    apiRequest(`${BASE}/merge`, { method: 'POST', body, schema: ZIncident }),
  );
