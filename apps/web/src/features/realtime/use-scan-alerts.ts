import { NOTICE_AUTO_DISMISS_MS, type TRealtimeVulnerability } from '@netguard/contracts';
import { useCallback, useEffect, useRef, useState } from 'react';
import { toast } from 'sonner';
import { SCAN_NOTICE_TEXT as T } from '@/features/dashboard/scan-notice-text';
import type { TScanNotice } from '@/features/realtime/notices';

/** Findings that arrive within this window are announced in one toast. */
const FINDINGS_BATCH_MS = 500;

type TFindingsBatch = { count: number; scanIds: Set<string> };

/**
 * The completed/failed notices and the vulnerability alert count, with their toasts.
 * `onFindings` runs once per batch of new findings (to refetch the affected scans).
 */
export function useScanAlerts(onFindings: (scanIds: Set<string>) => void) {
  const [notices, setNotices] = useState<TScanNotice[]>([]);
  const [alertCount, setAlertCount] = useState(0);
  const batch = useRef<TFindingsBatch | null>(null);
  const timers = useRef(new Set<ReturnType<typeof setTimeout>>());

  useEffect(() => {
    const pending = timers.current;
    return () => {
      for (const timer of pending) clearTimeout(timer);
    };
  }, []);

  const later = useCallback((task: () => void, ms: number) => {
    const timer = setTimeout(() => {
      timers.current.delete(timer);
      task();
    }, ms);
    timers.current.add(timer);
  }, []);

  const dismissNotice = useCallback((id: string) => {
    setNotices((current) => current.filter((notice) => notice.id !== id));
  }, []);

  const raiseNotice = useCallback(
    (notice: TScanNotice) => {
      const duration = NOTICE_AUTO_DISMISS_MS;
      if (notice.status === 'completed') {
        toast.success(T.completedTitle, {
          duration,
          description: T.completedDescription(notice.scanName),
        });
      } else {
        toast.error(T.failedTitle, { duration, description: T.failedDescription(notice.scanName) });
      }
      setNotices((current) => [notice, ...current.filter((item) => item.id !== notice.id)]);
      later(() => dismissNotice(notice.id), NOTICE_AUTO_DISMISS_MS);
    },
    [dismissNotice, later],
  );

  const addFinding = useCallback(
    (finding: TRealtimeVulnerability) => {
      if (batch.current) {
        batch.current.count += 1;
        batch.current.scanIds.add(finding.scan_id);
        return;
      }
      batch.current = { count: 1, scanIds: new Set([finding.scan_id]) };
      later(() => {
        const done = batch.current;
        batch.current = null;
        if (!done) return;
        setAlertCount((count) => count + done.count);
        toast.error(T.newFindingsTitle, { description: T.newFindingsDescription(done.count) });
        onFindings(done.scanIds);
      }, FINDINGS_BATCH_MS);
    },
    [later, onFindings],
  );

  const dismissAlerts = useCallback(() => setAlertCount(0), []);

  return { notices, dismissNotice, raiseNotice, alertCount, dismissAlerts, addFinding };
}
