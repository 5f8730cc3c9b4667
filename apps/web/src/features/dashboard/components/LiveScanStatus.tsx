import type { TScanListItem } from '@netguard/contracts';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { LiveScanRow } from '@/features/dashboard/components/LiveScanRow';
import { ScanNoticeCard } from '@/features/dashboard/components/ScanNoticeCard';
import { SecurityAlertCard } from '@/features/dashboard/components/SecurityAlertCard';
import { liveScanRows } from '@/features/dashboard/live-scans';
import { useRealtime } from '@/features/realtime/realtime-context';
import { cn } from '@/lib/utils';

const CONNECTION_TEXT = { open: 'Live', connecting: 'Connecting…', closed: 'Reconnecting…' };

/** Scans waiting or running right now, notices of scans that just finished, and new findings. */
export function LiveScanStatus({ scans }: { scans: readonly TScanListItem[] }) {
  const realtime = useRealtime();
  const active = liveScanRows(scans, realtime.liveScans);
  const hasContent = active.length > 0 || realtime.notices.length > 0 || realtime.alertCount > 0;

  return (
    <Card className="gap-4" data-testid="live-scan-status" data-realtime={realtime.status}>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <span className="relative flex size-2.5">
            {active.length > 0 && (
              <span className="absolute inline-flex size-full animate-ping rounded-full bg-blue-400 opacity-75" />
            )}
            <span
              className={cn(
                'relative inline-flex size-2.5 rounded-full',
                active.length > 0 ? 'bg-blue-500' : 'bg-slate-300',
              )}
            />
          </span>
          Live Scan Status
          <span
            className={cn(
              'ml-auto text-xs font-normal',
              realtime.status === 'open' ? 'text-emerald-700' : 'text-amber-700',
            )}
          >
            {CONNECTION_TEXT[realtime.status]}
          </span>
        </CardTitle>
        <CardDescription>
          {active.length > 0
            ? `${active.length} active scan${active.length === 1 ? '' : 's'}`
            : 'No scans are running right now.'}
        </CardDescription>
      </CardHeader>
      {hasContent && (
        <CardContent className="grid gap-3 md:grid-cols-2">
          {realtime.alertCount > 0 && (
            <SecurityAlertCard count={realtime.alertCount} onDismiss={realtime.dismissAlerts} />
          )}
          {realtime.notices.map((notice) => (
            <ScanNoticeCard key={notice.id} notice={notice} onDismiss={realtime.dismissNotice} />
          ))}
          {active.map((scan) => (
            <LiveScanRow key={scan.id} scan={scan} />
          ))}
        </CardContent>
      )}
    </Card>
  );
}
