import type { TScanListItem } from '@netguard/contracts';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Progress } from '@/components/ui/progress';
import { ScanNoticeCard } from '@/features/dashboard/components/ScanNoticeCard';
import { ScanStatusBadge } from '@/features/dashboard/components/ScanStatusBadge';
import { isActiveScan } from '@/features/dashboard/metrics';
import { useScanNotices } from '@/features/dashboard/use-scan-notices';

/** Scans waiting or running right now, plus notices for scans that just finished. */
export function LiveScanStatus({ scans }: { scans: readonly TScanListItem[] }) {
  const active = scans.filter(isActiveScan);
  const { notices, dismiss } = useScanNotices(scans);

  return (
    <Card className="gap-4" data-testid="live-scan-status">
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <span className="relative flex size-2.5">
            {active.length > 0 && (
              <span className="absolute inline-flex size-full animate-ping rounded-full bg-blue-400 opacity-75" />
            )}
            <span
              className={`relative inline-flex size-2.5 rounded-full ${active.length > 0 ? 'bg-blue-500' : 'bg-slate-300'}`}
            />
          </span>
          Live Scan Status
        </CardTitle>
        <CardDescription>
          {active.length > 0
            ? `${active.length} active scan${active.length === 1 ? '' : 's'}`
            : 'No scans are running right now.'}
        </CardDescription>
      </CardHeader>
      {(active.length > 0 || notices.length > 0) && (
        <CardContent className="grid gap-3 md:grid-cols-2">
          {notices.map((notice) => (
            <ScanNoticeCard key={notice.id} notice={notice} onDismiss={dismiss} />
          ))}
          {active.map((scan) => (
            <div key={scan.id} className="space-y-2 rounded-lg border p-3">
              <div className="flex items-center justify-between gap-3">
                <p className="truncate text-sm font-medium">{scan.scan_name}</p>
                <ScanStatusBadge status={scan.status} />
              </div>
              {scan.status === 'running' && (
                <div className="flex items-center gap-3">
                  <Progress value={scan.progress} aria-label={`${scan.scan_name} progress`} />
                  <span className="w-10 text-right text-xs tabular-nums">{scan.progress}%</span>
                </div>
              )}
            </div>
          ))}
        </CardContent>
      )}
    </Card>
  );
}
