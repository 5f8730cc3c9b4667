import { Badge } from '@/components/ui/badge';
import { Skeleton } from '@/components/ui/skeleton';
import { useVulnerabilityHistory } from '@/features/vulnerabilities/api';
import { HISTORY_TEXT, historyEntry } from '@/features/vulnerabilities/history-text';

/** The changes recorded for a vulnerability, newest first: when, what changed and its source. */
export function HistoryTab({ id }: { id: string }) {
  const history = useVulnerabilityHistory(id);
  if (history.isError) return <p className="text-sm text-destructive">{HISTORY_TEXT.loadFailed}</p>;
  if (!history.data) return <Skeleton className="h-24 w-full" data-testid="history-loading" />;
  if (history.data.items.length === 0)
    return <p className="text-sm text-muted-foreground">{HISTORY_TEXT.empty}</p>;
  return (
    <ol className="space-y-3">
      {history.data.items.map(historyEntry).map((entry) => (
        <li key={entry.id} className="rounded-md border p-3 text-sm" data-testid="history-event">
          <div className="flex flex-wrap items-center gap-2">
            <Badge variant="outline">{entry.change}</Badge>
            <time dateTime={entry.at} className="text-xs text-muted-foreground">
              {entry.when}
            </time>
          </div>
          <p className="mt-2">{entry.summary}</p>
          <p className="mt-1 text-xs text-muted-foreground">{`Source: ${entry.source}`}</p>
        </li>
      ))}
    </ol>
  );
}
