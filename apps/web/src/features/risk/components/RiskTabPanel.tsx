import { RISK_TEXT } from '@netguard/contracts';
import type { UseQueryResult } from '@tanstack/react-query';
import { RefreshCw } from 'lucide-react';
import type { ReactNode } from 'react';
import { Spinner } from '@/components/Spinner';
import { Button } from '@/components/ui/button';

type Props<T> = { query: UseQueryResult<T>; label: string; children: (data: T) => ReactNode };

/** A tab's data once loaded: a spinner before, the load error and Retry when it failed. */
export function RiskTabPanel<T>({ query, label, children }: Props<T>) {
  if (query.data !== undefined) return children(query.data);
  if (query.isError)
    return (
      <div className="flex flex-col items-center gap-3 rounded-xl border border-dashed py-12 text-center text-sm text-muted-foreground">
        <p>{RISK_TEXT.loadError}</p>
        <Button variant="outline" size="sm" onClick={() => void query.refetch()}>
          <RefreshCw aria-hidden="true" />
          Retry
        </Button>
      </div>
    );
  return (
    <div className="flex justify-center py-16">
      <Spinner className="size-8" label={`Loading ${label}`} />
    </div>
  );
}
