import type { TEvidenceRun } from '@netguard/contracts';
import { Loader2 } from 'lucide-react';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { describeRun, isRunActive } from '@/features/compliance-evidence/evidence-format';
import { formatDateTime } from '@/lib/format';
import { cn } from '@/lib/utils';

const SHOWN = 5;

/** The newest collection runs, their state as the job stored it (read again while one runs). */
export function CollectionRuns({ runs }: { runs: TEvidenceRun[] }) {
  if (runs.length === 0) return null;
  return (
    <Card className="gap-2 py-4" aria-label="Collection runs">
      <CardHeader className="px-4">
        <CardTitle className="text-base">Collection runs</CardTitle>
      </CardHeader>
      <CardContent className="px-4">
        <ul className="space-y-1.5 text-sm">
          {runs.slice(0, SHOWN).map((run) => (
            <li
              key={run.id}
              className="flex flex-wrap items-center gap-x-3 gap-y-0.5"
              data-testid="evidence-run"
              data-status={run.status}
            >
              {isRunActive(run) && (
                <Loader2 className="size-4 animate-spin text-primary" aria-hidden="true" />
              )}
              <span
                className={cn('min-w-0 break-words', run.status === 'failed' && 'text-destructive')}
              >
                {describeRun(run)}
              </span>
              <span className="text-xs text-muted-foreground">
                {run.trigger === 'schedule' ? 'Scheduled' : 'On demand'} ·{' '}
                {formatDateTime(run.finishedAt ?? run.createdAt)}
              </span>
            </li>
          ))}
        </ul>
      </CardContent>
    </Card>
  );
}
