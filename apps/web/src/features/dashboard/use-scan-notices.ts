import type { TScanListItem, TScanStatus } from '@netguard/contracts';
import { useCallback, useEffect, useRef, useState } from 'react';
import { toast } from 'sonner';
import { isActiveScan } from '@/features/dashboard/metrics';
import { SCAN_NOTICE_TEXT as T } from '@/features/dashboard/scan-notice-text';

export type TScanNotice = { id: string; scanName: string; status: 'completed' | 'failed' };

function finishedStatus(status: TScanStatus): TScanNotice['status'] | null {
  return status === 'completed' || status === 'failed' ? status : null;
}

/**
 * Watches the listed scans and raises a toast and a notice when one that was pending or
 * running completes or fails. The first load raises nothing.
 */
export function useScanNotices(scans: readonly TScanListItem[] | undefined) {
  const previous = useRef<Map<string, TScanStatus> | null>(null);
  const [notices, setNotices] = useState<TScanNotice[]>([]);

  useEffect(() => {
    if (!scans) return;
    const before = previous.current;
    previous.current = new Map(scans.map((scan) => [scan.id, scan.status]));
    if (!before) return;
    const fresh: TScanNotice[] = [];
    for (const scan of scans) {
      const status = finishedStatus(scan.status);
      const was = before.get(scan.id);
      if (!status || !was || !isActiveScan({ status: was })) continue;
      fresh.push({ id: scan.id, scanName: scan.scan_name, status });
      if (status === 'completed') {
        toast.success(T.completedTitle, { description: T.completedDescription(scan.scan_name) });
      } else {
        toast.error(T.failedTitle, { description: T.failedDescription(scan.scan_name) });
      }
    }
    if (fresh.length > 0) setNotices((current) => [...fresh, ...current]);
  }, [scans]);

  const dismiss = useCallback((id: string) => {
    setNotices((current) => current.filter((notice) => notice.id !== id));
  }, []);

  return { notices, dismiss };
}
