import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import { applyScanToCache } from '@/features/realtime/cache-updates';
import { usePingHost, usePortScanHost } from '@/features/topology/api';
import { TOPOLOGY_TEXT as T } from '@/features/topology/topology-text';
import { errorMessage } from '@/lib/api-client';

/** Ping Test and Port Scan of one scanned host; a started port scan opens its detail page. */
export function useNodeActions(host: string) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const ping = usePingHost();
  const portScan = usePortScanHost();

  const runPing = () =>
    ping.mutate(host, {
      onError: (error) => toast.error(T.pingFailed, { description: errorMessage(error) }),
    });

  const runPortScan = () =>
    portScan.mutate(host, {
      onSuccess: async (scan) => {
        applyScanToCache(queryClient, scan, 'INSERT');
        toast.success(T.portScanStarted, { description: scan.scan_name });
        await navigate(`/dashboard/scans/${scan.id}`);
      },
      onError: (error) => toast.error(T.portScanFailed, { description: errorMessage(error) }),
    });

  return { ping, portScan, runPing, runPortScan };
}
