import { RefreshCw } from 'lucide-react';
import { Button } from '@/components/ui/button';

/** Shown in place of dashboard data that failed to load (the error itself is only logged). */
export function DataUnavailable({ onRetry }: { onRetry: () => void }) {
  return (
    <div className="flex flex-col items-center gap-3 rounded-xl border border-dashed py-12 text-center text-sm text-muted-foreground">
      <p>Dashboard data is not available right now.</p>
      <Button variant="outline" size="sm" onClick={onRetry}>
        <RefreshCw aria-hidden="true" />
        Retry
      </Button>
    </div>
  );
}
