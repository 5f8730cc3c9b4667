import {
  ANALYTICS_TIMEFRAME,
  ZAnalyticsOverview,
  ZDashboardHome,
  ZSecurityPosture,
} from '@netguard/contracts';
import { useQuery } from '@tanstack/react-query';
import { hasActiveScans } from '@/features/dashboard/metrics';
import { apiRequest } from '@/lib/api-client';

/** While a scan is pending or running, the dashboard re-reads every 5 s (until realtime lands). */
export const LIVE_REFETCH_MS = 5_000;
const DASHBOARD_STALE_MS = 30_000;

export const dashboardKeys = {
  all: ['dashboard'] as const,
  home: () => [...dashboardKeys.all, 'home'] as const,
  analytics: (timeframe: string) => [...dashboardKeys.all, 'analytics', timeframe] as const,
  posture: (timeframe: string) => [...dashboardKeys.all, 'security-posture', timeframe] as const,
};

/** The dashboard home's counts and recent scans. */
export function useDashboardHome() {
  return useQuery({
    queryKey: dashboardKeys.home(),
    queryFn: ({ signal }) => apiRequest('/api/dashboard', { schema: ZDashboardHome, signal }),
    staleTime: DASHBOARD_STALE_MS,
    refetchInterval: (query) =>
      query.state.data && hasActiveScans(query.state.data) ? LIVE_REFETCH_MS : false,
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
