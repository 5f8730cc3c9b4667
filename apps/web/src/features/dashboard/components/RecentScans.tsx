import { type TScanListItem, UI_TEXT } from '@netguard/contracts';
import { Radar } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import {
  Card,
  CardAction,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
} from '@/components/ui/card';
import { usePermission } from '@/features/auth/use-permission';
import { ScanActions } from '@/features/scans/components/ScanActions';
import { ScanNameLink } from '@/features/scans/components/ScanNameLink';
import { ScanStatusBadge } from '@/features/scans/components/ScanStatusBadge';
import { formatDateTime } from '@/lib/format';

/**
 * The five newest scans, each linking to its detail page, or the "No scans yet" empty state;
 * links and actions only for the roles that may use them.
 */
export function RecentScans({ scans }: { scans: readonly TScanListItem[] }) {
  const canRead = usePermission('scan', 'read').allowed;
  const canRun = usePermission('scan', 'create').allowed;
  return (
    <Card data-testid="recent-scans">
      <CardHeader>
        <CardTitle>Recent Scans</CardTitle>
        <CardDescription>Your latest network scans and their status</CardDescription>
        {canRead && (
          <CardAction>
            <Button asChild variant="outline" size="sm">
              <Link to="/dashboard/scans">View all scans</Link>
            </Button>
          </CardAction>
        )}
      </CardHeader>
      <CardContent>
        {scans.length === 0 ? (
          <div className="flex flex-col items-center gap-3 rounded-lg border border-dashed py-10 text-center">
            <Radar className="size-8 text-muted-foreground" aria-hidden="true" />
            <p className="font-medium">{UI_TEXT.noScansYet}</p>
            {canRun && (
              <Button asChild>
                <Link to="/dashboard/scan">{UI_TEXT.startFirstScan}</Link>
              </Button>
            )}
          </div>
        ) : (
          <ul className="divide-y">
            {scans.map((scan) => (
              <li
                key={scan.id}
                className="flex items-center justify-between gap-4 py-3"
                data-scan-id={scan.id}
              >
                <div className="min-w-0">
                  <ScanNameLink scan={scan} />
                  <p className="text-xs text-muted-foreground">
                    <time dateTime={scan.created_at}>{formatDateTime(scan.created_at)}</time>
                  </p>
                </div>
                <div className="flex shrink-0 items-center gap-2">
                  {scan.status === 'running' && (
                    <span className="text-xs font-medium tabular-nums text-blue-700">
                      {scan.progress}%
                    </span>
                  )}
                  <ScanStatusBadge status={scan.status} />
                  {canRun && <ScanActions scan={scan} />}
                </div>
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
