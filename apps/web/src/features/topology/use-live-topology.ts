import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useRealtime } from '@/features/realtime/realtime-context';
import { topologyKeys } from '@/features/topology/api';

/** Re-reads the graph when a scan completes or new findings arrive while the page is open. */
export function useLiveTopology(): void {
  const queryClient = useQueryClient();
  const { liveScans, alertCount } = useRealtime();
  const completed = liveScans
    .filter((scan) => scan.status === 'completed')
    .map((scan) => scan.id)
    .sort()
    .join();
  useEffect(() => {
    if (completed === '' && alertCount === 0) return;
    void queryClient.invalidateQueries({ queryKey: topologyKeys.graph() });
  }, [completed, alertCount, queryClient]);
}
