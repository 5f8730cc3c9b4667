import type { TSelftestExecution } from '@netguard/contracts';
import { AlertTriangle } from 'lucide-react';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';

/** One alert per failed test of the execution: what to change and where. */
export function Recommendations({ execution }: { execution: TSelftestExecution }) {
  const failed = execution.results.filter((r) => r.state === 'failed' && r.recommendation);
  if (failed.length === 0) return null;
  return (
    <div className="space-y-2" data-testid="recommendations">
      {failed.map((r) => (
        <Alert key={r.test_id} variant="destructive">
          <AlertTriangle aria-hidden="true" />
          <AlertTitle>{r.name}</AlertTitle>
          <AlertDescription>{r.recommendation}</AlertDescription>
        </Alert>
      ))}
    </div>
  );
}
