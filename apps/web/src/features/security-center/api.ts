import {
  type TSecurityEventsQuery,
  type TSecurityPolicyBody,
  type TSecurityReportQuery,
  ZAssessment,
  ZSecurityEventList,
  ZSecurityMetrics,
  ZSecurityPolicies,
} from '@netguard/contracts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiDownload, apiRequest } from '@/lib/api-client';

export const securityCenterKeys = {
  all: ['security-center'] as const,
  metrics: () => [...securityCenterKeys.all, 'metrics'] as const,
  events: (query: TSecurityEventsQuery) => [...securityCenterKeys.all, 'events', query] as const,
  policies: () => [...securityCenterKeys.all, 'policies'] as const,
};

/** The summary cards' figures, compliance controls and the last assessment. */
export function useSecurityMetrics(enabled = true) {
  return useQuery({
    queryKey: securityCenterKeys.metrics(),
    queryFn: ({ signal }) =>
      apiRequest('/api/security/metrics', { schema: ZSecurityMetrics, signal }),
    enabled,
  });
}

/** A page of the organization's security events, filtered by type and severity. */
export function useSecurityEvents(query: TSecurityEventsQuery) {
  return useQuery({
    queryKey: securityCenterKeys.events(query),
    queryFn: ({ signal }) => {
      const params = new URLSearchParams({
        type: query.type,
        severity: query.severity,
        limit: String(query.limit),
        offset: String(query.offset),
        grants: query.grants,
        window: query.window,
      });
      return apiRequest(`/api/security/events?${params}`, { schema: ZSecurityEventList, signal });
    },
    placeholderData: keepPreviousData,
  });
}

/** Run Security Scan: the server's assessment of the organization, kept as its last one. */
export function useRunSecurityScan() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiRequest('/api/security/scan', { method: 'POST', schema: ZAssessment }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: securityCenterKeys.all }),
  });
}

export function useSecurityPolicies(enabled = true) {
  return useQuery({
    queryKey: securityCenterKeys.policies(),
    queryFn: ({ signal }) =>
      apiRequest('/api/security/policies', { schema: ZSecurityPolicies, signal }),
    enabled,
  });
}

export function useSavePolicies() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TSecurityPolicyBody) =>
      apiRequest('/api/security/policies', { method: 'PUT', body, schema: ZSecurityPolicies }),
    onSuccess: (saved) => queryClient.setQueryData(securityCenterKeys.policies(), saved),
    onSettled: () => queryClient.invalidateQueries({ queryKey: securityCenterKeys.all }),
  });
}

/** Downloads the security report (events, incidents, assessment, compliance, policies). */
export function downloadSecurityReport(query: TSecurityReportQuery): Promise<Headers> {
  const params = new URLSearchParams(query);
  return apiDownload(`/api/security/report?${params}`, `security-report.${query.format}`);
}
