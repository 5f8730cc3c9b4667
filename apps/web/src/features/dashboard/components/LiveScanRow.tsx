import type { TScanListItem } from '@netguard/contracts';
import { Link } from 'react-router';
import { Progress } from '@/components/ui/progress';
import { ScanActions } from '@/features/scans/components/ScanActions';
import { ScanStatusBadge } from '@/features/scans/components/ScanStatusBadge';

/** One pending or running scan: "Waiting to start", or its progress moving live. */
export function LiveScanRow({ scan }: { scan: TScanListItem }) {
  return (
    <div
      className="space-y-2 rounded-lg border p-3"
      data-testid="live-scan"
      data-scan-id={scan.id}
      data-status={scan.status}
    >
      <div className="flex items-center justify-between gap-3">
        <Link
          to={`/dashboard/scans/${scan.id}`}
          className="truncate text-sm font-medium underline-offset-2 hover:underline"
        >
          {scan.scan_name}
        </Link>
        <ScanStatusBadge status={scan.status} />
      </div>
      {scan.status === 'running' ? (
        <div className="flex items-center gap-3">
          <Progress value={scan.progress} aria-label={`${scan.scan_name} progress`} />
          <span className="w-10 text-right text-xs tabular-nums" data-testid="live-scan-progress">
            {scan.progress}%
          </span>
        </div>
      ) : (
        <p className="text-xs text-muted-foreground">
          Queued: it starts as soon as a worker is free.
        </p>
      )}
      <div className="flex justify-end">
        <ScanActions scan={scan} />
      </div>
    </div>
  );
}
