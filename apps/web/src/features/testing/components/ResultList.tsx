import type { TSelftestResult } from '@netguard/contracts';
import { ChevronDown } from 'lucide-react';
import { Badge } from '@/components/ui/badge';
import { Collapsible, CollapsibleContent, CollapsibleTrigger } from '@/components/ui/collapsible';

const STATE: Record<
  TSelftestResult['state'],
  { label: string; variant: 'default' | 'secondary' | 'destructive' | 'outline' }
> = {
  pending: { label: 'Pending', variant: 'outline' },
  running: { label: 'Running', variant: 'secondary' },
  passed: { label: 'Passed', variant: 'default' },
  failed: { label: 'Failed', variant: 'destructive' },
  inconclusive: { label: 'Inconclusive', variant: 'secondary' },
  skipped: { label: 'Skipped', variant: 'outline' },
};

const bound = (t: TSelftestResult['thresholds'][number]) =>
  t.min !== undefined && t.max !== undefined
    ? `${t.min}–${t.max} ${t.unit}`
    : t.max !== undefined
      ? `≤ ${t.max} ${t.unit}`
      : `≥ ${t.min} ${t.unit}`;

const measured = (value: number | undefined) =>
  value === undefined ? 'not measured' : Math.round(value * 10) / 10;

/** Each test's state, duration and reason; opening one shows its thresholds and evidence. */
export function ResultList({ results }: { results: readonly TSelftestResult[] }) {
  return (
    <ul className="divide-y rounded-md border">
      {results.map((r) => (
        <li key={r.test_id}>
          <Collapsible>
            <CollapsibleTrigger
              className="flex w-full items-center gap-3 px-3 py-2 text-left text-sm hover:bg-muted/50"
              data-testid={`result-${r.test_id}`}
            >
              <Badge variant={STATE[r.state].variant}>{STATE[r.state].label}</Badge>
              <span className="min-w-0 flex-1 truncate font-medium">{r.name}</span>
              {r.duration_ms !== null && (
                <span className="text-muted-foreground">{Math.round(r.duration_ms)} ms</span>
              )}
              <ChevronDown className="size-4 shrink-0" aria-hidden="true" />
            </CollapsibleTrigger>
            <CollapsibleContent className="space-y-2 px-3 pb-3 text-sm">
              {r.reason && <p>{r.reason}</p>}
              {r.thresholds.length > 0 && (
                <ul className="text-muted-foreground">
                  {r.thresholds.map((t) => (
                    <li key={t.metric}>
                      {t.metric}: {measured(r.measurements[t.metric])} (threshold {bound(t)})
                    </li>
                  ))}
                </ul>
              )}
              {r.evidence.length > 0 && (
                <div>
                  <p className="font-medium">Evidence</p>
                  <ul className="list-disc pl-4">
                    {r.evidence.map((e) => (
                      <li key={`${e.kind}: ${e.summary}`} className="break-words">
                        {e.kind}: {e.summary}
                      </li>
                    ))}
                  </ul>
                </div>
              )}
            </CollapsibleContent>
          </Collapsible>
        </li>
      ))}
    </ul>
  );
}
