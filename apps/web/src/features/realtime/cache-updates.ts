import {
  RECENT_SCANS_LIMIT,
  type TDashboardHome,
  type TScanDetail,
  type TScanList,
  type TScanListItem,
  type TScanStatus,
} from '@netguard/contracts';
import type { QueryClient } from '@tanstack/react-query';
import { dashboardKeys } from '@/features/dashboard/api';
import { riskKeys } from '@/features/risk/api';
import { scanKeys } from '@/features/scans/scan-keys';
import { vulnerabilityKeys } from '@/features/vulnerabilities/vulnerability-keys';

type TScanEventKind = 'INSERT' | 'UPDATE';

/**
 * Replaces the scan with the same id, or adds it in newest-first order; keeps at most `limit`.
 * @example upsertScan(recent, event.record, 5)
 */
export function upsertScan(
  scans: readonly TScanListItem[],
  scan: TScanListItem,
  limit = Number.POSITIVE_INFINITY,
): TScanListItem[] {
  if (scans.some((item) => item.id === scan.id)) {
    return scans.map((item) => (item.id === scan.id ? scan : item));
  }
  const at = scans.findIndex((item) => item.created_at < scan.created_at);
  const next = at === -1 ? [...scans, scan] : [...scans.slice(0, at), scan, ...scans.slice(at)];
  return next.slice(0, limit);
}

/** The scan's status as the cached queries last knew it, if any of them holds it. */
export function cachedScanStatus(client: QueryClient, id: string): TScanStatus | undefined {
  const detail = client.getQueryData<TScanDetail>(scanKeys.detail(id));
  if (detail) return detail.status;
  const home = client.getQueryData<TDashboardHome>(dashboardKeys.home());
  const recent = home?.recent_scans.find((scan) => scan.id === id);
  if (recent) return recent.status;
  for (const [, list] of client.getQueriesData<TScanList>({ queryKey: scanKeys.lists() })) {
    const found = list?.items.find((scan) => scan.id === id);
    if (found) return found.status;
  }
  return undefined;
}

/**
 * Writes a scan row from an event or a mutation into every cached query that shows it.
 * Progress-only changes stay in place; a new scan or a status change also invalidates the
 * counts and lists, so the stat cards follow.
 */
export function applyScanToCache(
  client: QueryClient,
  scan: TScanListItem,
  event: TScanEventKind,
): void {
  const before = cachedScanStatus(client, scan.id);
  client.setQueryData<TDashboardHome>(dashboardKeys.home(), (home) =>
    home
      ? { ...home, recent_scans: upsertScan(home.recent_scans, scan, RECENT_SCANS_LIMIT) }
      : home,
  );
  client.setQueriesData<TScanList>({ queryKey: scanKeys.lists() }, (list) =>
    list ? { ...list, items: list.items.map((item) => (item.id === scan.id ? scan : item)) } : list,
  );
  client.setQueryData<TScanDetail>(scanKeys.detail(scan.id), (detail) =>
    detail ? { ...detail, ...scan } : detail,
  );
  if (event === 'INSERT' || before !== scan.status) {
    void client.invalidateQueries({ queryKey: dashboardKeys.all });
    void client.invalidateQueries({ queryKey: scanKeys.lists() });
    if (scan.status === 'completed' || scan.status === 'failed') {
      void client.invalidateQueries({ queryKey: scanKeys.detail(scan.id) });
      // A completed scan may have marked vulnerabilities fixed, and the server re-assessed them.
      void client.invalidateQueries({ queryKey: vulnerabilityKeys.all });
      void client.invalidateQueries({ queryKey: riskKeys.all });
    }
  }
}

/** New findings arrived for these scans: refetch their details, the list and the dashboard counts. */
export function invalidateForFindings(client: QueryClient, scanIds: Iterable<string>): void {
  for (const id of new Set(scanIds)) {
    void client.invalidateQueries({ queryKey: scanKeys.detail(id) });
  }
  void client.invalidateQueries({ queryKey: dashboardKeys.all });
  void client.invalidateQueries({ queryKey: vulnerabilityKeys.all });
}

/** After a (re)connect: refetch everything an event could have changed while we were away. */
export function invalidateScanQueries(client: QueryClient): void {
  void client.invalidateQueries({ queryKey: scanKeys.all });
  void client.invalidateQueries({ queryKey: dashboardKeys.all });
  void client.invalidateQueries({ queryKey: vulnerabilityKeys.all });
  void client.invalidateQueries({ queryKey: riskKeys.all });
}
