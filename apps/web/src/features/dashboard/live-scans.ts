import type { TScanListItem } from '@netguard/contracts';
import { isActiveScan } from '@/features/dashboard/metrics';

/**
 * The scans the live panel shows: active ones of the recent list, plus active ones only the
 * socket has mentioned (an older scan being retried), oldest first so cards do not jump.
 */
export function liveScanRows(
  recent: readonly TScanListItem[],
  live: readonly TScanListItem[],
): TScanListItem[] {
  const known = new Set(recent.map((scan) => scan.id));
  const rows = [...recent, ...live.filter((scan) => !known.has(scan.id))];
  return rows
    .filter(isActiveScan)
    .sort((a, b) => (a.created_at < b.created_at ? -1 : a.created_at > b.created_at ? 1 : 0));
}
