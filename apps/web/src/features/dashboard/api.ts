import {
  ANALYTICS_TIMEFRAME,
  ZAnalyticsOverview,
  ZDashboardHome,
  ZSecurityPosture,
} from '@netguard/contracts';
import { useQuery } from '@tanstack/react-query';
import { hasActiveScans } from '@/features/dashboard/metrics';
import { useFallbackRefetch } from '@/features/realtime/realtime-context';
import { apiRequest } from '@/lib/api-client';

const DASHBOARD_STALE_MS = 30_000;

export const dashboardKeys = {
  all: ['dashboard'] as const,
  home: () => [...dashboardKeys.all, 'home'] as const,
  analytics: (timeframe: string) => [...dashboardKeys.all, 'analytics', timeframe] as const,
  posture: (timeframe: string) => [...dashboardKeys.all, 'security-posture', timeframe] as const,
};

/**
 * The dashboard home's counts and recent scans. Realtime events keep it live; only while the
 * socket is down does it re-read on a slow timer, and only while a scan can still change.
 */
export function useDashboardHome() {
  const fallback = useFallbackRefetch();
  return useQuery({
    queryKey: dashboardKeys.home(),
    queryFn: ({ signal }) => apiRequest('/api/dashboard', { schema: ZDashboardHome, signal }),
    staleTime: DASHBOARD_STALE_MS,
    refetchInterval: (query) =>
      query.state.data && hasActiveScans(query.state.data) ? fallback : false,
  });
}

/** Enterprise analytics overview (30 days); only fetched for subscribers. */
export function useAnalyticsOverview(enabled: boolean) {
  return useQuery({
    queryKey: dashboardKeys.analytics(ANALYTICS_TIMEFRAME),
    queryFn: ({ signal }) =>
      apiRequest(`/api/analytics/overview?timeframe=${ANALYTICS_TIMEFRAME}`, {
        schema: ZAnalyticsOverview,
        signal,
      }),
    enabled,
  });
}

/** Security posture metrics (30 days); only fetched for subscribers. */
export function useSecurityPosture(enabled: boolean) {
  return useQuery({
    queryKey: dashboardKeys.posture(ANALYTICS_TIMEFRAME),
    queryFn: ({ signal }) =>
      apiRequest(`/api/analytics/security-posture?timeframe=${ANALYTICS_TIMEFRAME}`, {
        schema: ZSecurityPosture,
        signal,
      }),
    enabled,
  });
}
