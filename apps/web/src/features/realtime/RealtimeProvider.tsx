import { REALTIME_PATH, type TScanListItem } from '@netguard/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useAuth } from '@/features/auth/auth-context';
import { refreshSession } from '@/features/auth/session';
import { getAuthState, subscribeAuth } from '@/features/auth/session-store';
import { applyCloudScanToCache, invalidateCloudQueries } from '@/features/cloud/cloud-cache';
import {
  applyScanToCache,
  cachedScanStatus,
  invalidateForFindings,
  invalidateScanQueries,
} from '@/features/realtime/cache-updates';
import { createRealtimeConnection, type TRealtimeStatus } from '@/features/realtime/connection';
import { finishedNotice } from '@/features/realtime/notices';
import { RealtimeContext, type TRealtimeContext } from '@/features/realtime/realtime-context';
import { showSecurityAlert } from '@/features/realtime/security-alert';
import { useScanAlerts } from '@/features/realtime/use-scan-alerts';
import { invalidateRemediationQueries } from '@/features/remediation/remediation-cache';
import { invalidateSelftestQueries } from '@/features/testing/api';
import { socketUrl } from '@/lib/json-socket';

/** Holds the signed-in user's scan-updates socket and turns its events into cache writes and alerts. */
export function RealtimeProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  const { user } = useAuth();
  const userId = user?.id;
  // A switch of organization opens a new socket: events are the organization's.
  const organizationId = user?.organization_id;
  const [status, setStatus] = useState<TRealtimeStatus>('connecting');
  const [liveScans, setLiveScans] = useState<Record<string, TScanListItem>>({});
  const lastStatus = useRef(new Map<string, TScanListItem['status']>());
  const onFindings = useCallback(
    (scanIds: Set<string>) => invalidateForFindings(queryClient, scanIds),
    [queryClient],
  );
  const alerts = useScanAlerts(onFindings);
  const { raiseNotice, addFinding } = alerts;

  useEffect(() => {
    if (!userId || !organizationId) return;
    const connection = createRealtimeConnection({
      url: socketUrl(window.location, REALTIME_PATH),
      getAccessToken: () => getAuthState().session?.access_token ?? null,
      refreshSession,
      onStatus: setStatus,
      onSubscribed: () => {
        // Whatever happened while disconnected is read again rather than replayed.
        setLiveScans({});
        invalidateScanQueries(queryClient);
        invalidateCloudQueries(queryClient);
        invalidateRemediationQueries(queryClient);
        invalidateSelftestQueries(queryClient);
      },
      onCloudScan: (event) => applyCloudScanToCache(queryClient, event.record),
      onRemediation: () => invalidateRemediationQueries(queryClient),
      onSelftest: () => invalidateSelftestQueries(queryClient),
      onSecurityAlert: (alert) => showSecurityAlert(queryClient, alert, getAuthState()),
      onEvent: (event) => {
        if (event.table === 'vulnerabilities') {
          addFinding(event.record);
          return;
        }
        const scan = event.record;
        const before = cachedScanStatus(queryClient, scan.id) ?? lastStatus.current.get(scan.id);
        lastStatus.current.set(scan.id, scan.status);
        applyScanToCache(queryClient, scan, event.event);
        setLiveScans((current) => ({ ...current, [scan.id]: scan }));
        const notice = finishedNotice(before, scan);
        if (notice) raiseNotice(notice);
      },
    });
    connection.start();
    const unsubscribe = subscribeAuth((authEvent) => {
      if (authEvent === 'TOKEN_REFRESHED') connection.reauthenticate();
    });
    return () => {
      unsubscribe();
      connection.stop();
    };
  }, [userId, organizationId, queryClient, raiseNotice, addFinding]);

  const value = useMemo<TRealtimeContext>(
    () => ({
      status,
      notices: alerts.notices,
      dismissNotice: alerts.dismissNotice,
      alertCount: alerts.alertCount,
      dismissAlerts: alerts.dismissAlerts,
      liveScans: Object.values(liveScans),
    }),
    [
      status,
      alerts.notices,
      alerts.dismissNotice,
      alerts.alertCount,
      alerts.dismissAlerts,
      liveScans,
    ],
  );

  return <RealtimeContext.Provider value={value}>{children}</RealtimeContext.Provider>;
}
