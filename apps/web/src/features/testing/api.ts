import {
  type TSelftestExecution,
  type TSelftestRunKind,
  ZSelftestExecution,
  ZSelftestHistory,
  ZSelftestSuites,
  ZSystemHealth,
} from '@netguard/contracts';
import { type QueryClient, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiDownload, apiRequest } from '@/lib/api-client';

/** Re-read while a run is in progress (the socket's step messages also invalidate). */
export const SELFTEST_POLL_MS = 1_000;

export const selftestKeys = {
  all: ['selftest'] as const,
  suites: () => [...selftestKeys.all, 'suites'] as const,
  history: (suite?: TSelftestRunKind) => [...selftestKeys.all, 'history', suite ?? 'all'] as const,
  execution: (id: string) => [...selftestKeys.all, 'execution', id] as const,
};

/** Outside selftestKeys.all: a run's realtime steps must not re-run the live health probes. */
const healthKey = ['selftest-health'] as const;

export const invalidateSelftestQueries = (client: QueryClient) =>
  client.invalidateQueries({ queryKey: selftestKeys.all });

export function useSelftestSuites() {
  return useQuery({
    queryKey: selftestKeys.suites(),
    queryFn: ({ signal }) =>
      apiRequest('/api/selftest/suites', { schema: ZSelftestSuites, signal }),
  });
}

const running = (executions: readonly TSelftestExecution[] | undefined) =>
  executions?.some((e) => e.status === 'running') ? SELFTEST_POLL_MS : false;

/**
 * The health probes, measured by the server on each request: read once when the page opens and
 * again on Refresh, never on focus or a schedule (each reading runs live probes).
 */
export function useSystemHealth() {
  return useQuery({
    queryKey: healthKey,
    queryFn: ({ signal }) => apiRequest('/api/selftest/health', { schema: ZSystemHealth, signal }),
    staleTime: Number.POSITIVE_INFINITY,
    refetchOnWindowFocus: false,
    retry: false,
  });
}

/** The last 10 runs of each suite (or of one), newest first. */
export function useSelftestHistory(suite?: TSelftestRunKind) {
  return useQuery({
    queryKey: selftestKeys.history(suite),
    queryFn: ({ signal }) =>
      apiRequest(`/api/selftest/executions${suite ? `?suite=${suite}` : ''}`, {
        schema: ZSelftestHistory,
        signal,
      }),
    refetchInterval: (q) => running(q.state.data?.executions),
  });
}

/** The spec's execute operation of each run kind. */
export const EXECUTE_PATHS: Record<TSelftestRunKind, string> = {
  security: 'execute-security-test',
  integration: 'execute-integration-test',
  performance: 'execute-performance-test',
  quick: 'execute-functional-test',
  comprehensive: 'execute-comprehensive-test',
};

export function useRunSuite() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (kind: TSelftestRunKind) =>
      apiRequest(`/api/selftest/${EXECUTE_PATHS[kind]}`, {
        method: 'POST',
        body: { timestamp: new Date().toISOString() },
        schema: ZSelftestExecution,
      }),
    onSuccess: () => invalidateSelftestQueries(client),
  });
}

export function useCancelRun() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      apiRequest(`/api/selftest/executions/${encodeURIComponent(id)}/cancel`, {
        method: 'POST',
        schema: ZSelftestExecution,
      }),
    onSuccess: () => invalidateSelftestQueries(client),
  });
}

/** generate-test-report: the execution as an HTML, PDF or JSON file. */
export function downloadTestReport(executionId: string, format: 'html' | 'pdf' | 'json') {
  return apiDownload('/api/selftest/generate-test-report', `test-report.${format}`, {
    method: 'POST',
    body: { executionId, format, timestamp: new Date().toISOString() },
  });
}
