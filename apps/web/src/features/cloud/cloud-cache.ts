import { CLOUD_SCAN_FINAL, type TCloudScan, type TCloudScanList } from '@netguard/contracts';
import type { QueryClient } from '@tanstack/react-query';
import { cloudKeys } from '@/features/cloud/cloud-keys';

/**
 * The scan list with `scan` replacing the row of the same id, or added newest first.
 * @example upsertCloudScan(list.scans, event.record)
 */
export function upsertCloudScan(scans: readonly TCloudScan[], scan: TCloudScan): TCloudScan[] {
  if (scans.some((item) => item.id === scan.id))
    return scans.map((item) => (item.id === scan.id ? scan : item));
  return [scan, ...scans].sort((a, b) => b.createdAt.localeCompare(a.createdAt));
}

export const isFinalCloudScan = (scan: Pick<TCloudScan, 'status'>) =>
  CLOUD_SCAN_FINAL.includes(scan.status);

/**
 * Writes a cloud scan (from the socket or a mutation) into the scan list; once it has ended, its
 * findings, comparison and the connections' counts and last-scan times are read again.
 */
export function applyCloudScanToCache(client: QueryClient, scan: TCloudScan): void {
  client.setQueryData<TCloudScanList>(cloudKeys.scans(), (list) =>
    list ? { scans: upsertCloudScan(list.scans, scan) } : list,
  );
  if (!isFinalCloudScan(scan)) return;
  void client.invalidateQueries({ queryKey: cloudKeys.scan(scan.id) });
  void client.invalidateQueries({ queryKey: cloudKeys.comparison(scan.id) });
  void client.invalidateQueries({ queryKey: cloudKeys.connections() });
  void client.invalidateQueries({ queryKey: cloudKeys.muteRules() });
}

/** After a (re)connect of the socket: whatever changed meanwhile is read again. */
export function invalidateCloudQueries(client: QueryClient): void {
  void client.invalidateQueries({ queryKey: cloudKeys.all });
}
