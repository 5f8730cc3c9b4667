import { SearchX } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';

/** Shown for an id that is not one of the caller's scans. */
export function ScanNotFound() {
  return (
    <div
      className="flex flex-col items-center gap-3 rounded-lg border border-dashed py-16 text-center"
      data-testid="scan-not-found"
    >
      <SearchX className="size-10 text-muted-foreground" aria-hidden="true" />
      <h1 className="text-xl font-semibold">Scan not found</h1>
      <p className="max-w-sm text-sm text-muted-foreground">
        This scan does not exist or belongs to another account.
      </p>
      <Button asChild variant="outline">
        <Link to="/dashboard">Back to dashboard</Link>
      </Button>
    </div>
  );
}
