import { SCAN_TYPES, type TScanListItem } from '@netguard/contracts';
import { RerunButton } from '@/features/scans/components/RerunButton';
import { ScanActions } from '@/features/scans/components/ScanActions';
import { ScanNameLink } from '@/features/scans/components/ScanNameLink';
import { ScanStatusBadge } from '@/features/scans/components/ScanStatusBadge';
import { formatDateTime } from '@/lib/format';

const typeLabel = (value: string) => SCAN_TYPES.find((type) => type.value === value)?.label;
const COLUMNS = 'md:grid md:grid-cols-[minmax(0,2fr)_minmax(0,1.4fr)_9rem_10rem_11rem] md:gap-4';

/**
 * The scans of one history page: name (a link to the scan), type, targets, status, date and
 * actions. A table-like grid from 768 px, one card per scan below.
 */
export function ScanHistoryList({ scans }: { scans: readonly TScanListItem[] }) {
  return (
    <div className="rounded-xl border bg-card" data-testid="scan-history">
      <div
        className={`hidden border-b px-4 py-2 text-xs font-medium text-muted-foreground ${COLUMNS}`}
        aria-hidden="true"
      >
        <span>Scan</span>
        <span>Targets</span>
        <span>Status</span>
        <span>Created</span>
        <span className="text-right">Actions</span>
      </div>
      <ul className="divide-y" aria-label="Scans">
        {scans.map((scan) => (
          <li
            key={scan.id}
            data-scan-id={scan.id}
            className={`grid grid-cols-[minmax(0,1fr)_auto] items-center gap-x-3 gap-y-2 px-4 py-3 ${COLUMNS}`}
          >
            <div className="min-w-0">
              <ScanNameLink scan={scan} />
              <p className="truncate text-xs text-muted-foreground">
                {typeLabel(scan.scan_type)}
                {scan.ports && <span className="font-mono"> · ports {scan.ports}</span>}
              </p>
            </div>
            <p
              className="col-span-2 truncate font-mono text-xs md:col-span-1"
              title={scan.target_hosts.join(', ')}
            >
              {scan.target_hosts.join(', ')}
            </p>
            <div className="row-start-1 col-start-2 flex items-center gap-2 md:row-auto md:col-auto">
              <ScanStatusBadge status={scan.status} />
              {scan.status === 'running' && (
                <span className="text-xs tabular-nums text-blue-700">{scan.progress}%</span>
              )}
            </div>
            <p className="text-xs text-muted-foreground">
              <time dateTime={scan.created_at}>{formatDateTime(scan.created_at)}</time>
            </p>
            <div className="flex justify-end gap-2">
              {scan.status === 'completed' ? (
                <RerunButton scan={scan} />
              ) : (
                <ScanActions scan={scan} />
              )}
            </div>
          </li>
        ))}
      </ul>
    </div>
  );
}
