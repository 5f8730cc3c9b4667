import type { TScanDetail } from '@netguard/contracts';
import { describeCoverage, UI_TEXT } from '@netguard/contracts';
import { Card, CardContent } from '@/components/ui/card';
import { Progress } from '@/components/ui/progress';
import { ScanActions } from '@/features/scans/components/ScanActions';
import { ScanResultsExport } from '@/features/scans/components/ScanResultsExport';
import { ScanStatusBadge } from '@/features/scans/components/ScanStatusBadge';
import { scanTypeInfo } from '@/features/scans/scan-form';
import { formatDateTime } from '@/lib/format';

function Fact({ label, value }: { label: string; value: string | null }) {
  return (
    <div>
      <dt className="text-xs text-muted-foreground">{label}</dt>
      <dd className="text-sm font-medium">{value ? formatDateTime(value) : '—'}</dd>
    </div>
  );
}

/**
 * Name, type, status, progress, targets, times, the failure reason of one scan, and what it left
 * out (its notes).
 */
export function ScanDetailHeader({ scan }: { scan: TScanDetail }) {
  return (
    <Card>
      <CardContent className="space-y-4">
        <div className="flex flex-wrap items-start justify-between gap-3">
          <div className="space-y-1">
            <h1 className="text-2xl font-bold tracking-tight">{scan.scan_name}</h1>
            <p className="text-sm text-muted-foreground">{scanTypeInfo(scan.scan_type)?.label}</p>
            <p className="text-sm text-muted-foreground" data-testid="scan-ports">
              {describeCoverage(scan.scan_type, scan.ports).ports}
              {scan.ports && ` (custom ports ${scan.ports})`}
            </p>
          </div>
          <div className="flex items-center gap-2">
            <ScanStatusBadge status={scan.status} />
            <ScanActions scan={scan} />
            <ScanResultsExport scan={scan} />
          </div>
        </div>
        {(scan.status === 'running' || scan.status === 'pending') && (
          <div className="flex items-center gap-3" data-testid="scan-progress">
            <Progress value={scan.progress} aria-label="Scan progress" />
            <span className="w-10 text-right text-sm tabular-nums">{scan.progress}%</span>
          </div>
        )}
        {scan.status === 'failed' && (
          <div
            className="rounded-md border border-red-200 bg-red-50 p-3 text-sm text-red-800"
            role="alert"
          >
            <p className="font-medium">{UI_TEXT.scanFailedCard}</p>
            {scan.error && <p className="mt-1">{scan.error}</p>}
          </div>
        )}
        {scan.status !== 'failed' && scan.notes?.length ? (
          <section
            className="rounded-md border border-amber-200 bg-amber-50 p-3 text-sm text-amber-900"
            aria-labelledby="scan-notes-title"
          >
            <h2 id="scan-notes-title" className="font-medium">
              {UI_TEXT.scanNotesTitle}
            </h2>
            <ul className="mt-1 list-disc space-y-0.5 pl-5 break-words">
              {scan.notes.map((note) => (
                <li key={note}>{note}</li>
              ))}
            </ul>
          </section>
        ) : null}
        <ul className="flex flex-wrap gap-2" aria-label="Targets">
          {scan.target_hosts.map((target) => (
            <li key={target} className="rounded-md bg-secondary px-2 py-0.5 font-mono text-xs">
              {target}
            </li>
          ))}
        </ul>
        <dl className="grid grid-cols-1 gap-3 sm:grid-cols-3">
          <Fact label="Created" value={scan.created_at} />
          <Fact label="Started" value={scan.started_at} />
          <Fact label="Completed" value={scan.completed_at} />
        </dl>
      </CardContent>
    </Card>
  );
}
