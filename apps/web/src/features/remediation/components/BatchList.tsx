import type { TBatch } from '@netguard/contracts';
import { BatchStatusBadge } from '@/features/remediation/components/RemediationBadges';
import { formatDateTime } from '@/lib/format';

/** Batches with their window, blast radius, counts, the findings left out and the error. */
export function BatchList({ batches }: { batches: TBatch[] }) {
  return (
    <ul className="divide-y rounded-md border" aria-label="Batches">
      {batches.map((b) => (
        <li
          key={b.id}
          className="min-w-0 space-y-2 p-3 text-sm"
          data-testid="batch-row"
          data-status={b.status}
        >
          <div className="flex flex-wrap items-center gap-2">
            <BatchStatusBadge status={b.status} />
            <span className="font-medium">{formatDateTime(b.scheduleTime)}</span>
            <span className="text-muted-foreground">
              to {formatDateTime(b.windowEndsAt)} (window end)
            </span>
          </div>
          <dl className="grid grid-cols-2 gap-x-3 gap-y-1 text-xs sm:grid-cols-5">
            <Count label="Executions" value={b.executions} />
            <Count label="Verified" value={b.verified} />
            <Count label="Failed" value={b.failed} />
            {b.awaitingApproval > 0 && (
              <Count label="Awaiting second approval" value={b.awaitingApproval} />
            )}
            <Count label="Max hosts per run" value={b.maxHostsPerRun} />
            <div>
              <dt className="text-muted-foreground">On failure</dt>
              <dd>{b.stopOnFailure ? 'Stops' : 'Continues'}</dd>
            </div>
          </dl>
          {b.skipped.length > 0 && (
            <details className="text-xs">
              <summary className="cursor-pointer text-muted-foreground">
                {b.skipped.length} skipped
              </summary>
              <ul className="mt-1 space-y-1" aria-label="Skipped findings">
                {b.skipped.map((s) => (
                  <li key={s.vulnerabilityId} className="break-words">
                    <span className="font-mono break-all">{s.vulnerabilityId}</span>: {s.reason}
                  </li>
                ))}
              </ul>
            </details>
          )}
          {b.error && (
            <p className="rounded-md bg-red-50 p-2 break-words text-red-800" role="alert">
              {b.error}
            </p>
          )}
        </li>
      ))}
    </ul>
  );
}

function Count({ label, value }: { label: string; value: number }) {
  return (
    <div>
      <dt className="text-muted-foreground">{label}</dt>
      <dd className="font-medium tabular-nums">{value}</dd>
    </div>
  );
}
