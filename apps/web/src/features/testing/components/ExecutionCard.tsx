import type { TSelftestExecution } from '@netguard/contracts';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Progress } from '@/components/ui/progress';
import { useCancelRun } from '@/features/testing/api';
import { ResultList } from '@/features/testing/components/ResultList';
import { ScoreLines } from '@/features/testing/components/ScoreLines';
import { totalsLine } from '@/features/testing/totals-line';

/** The current (or latest) execution: progress in the spec's steps, totals and each test. */
export function ExecutionCard({
  execution,
  title,
}: {
  execution: TSelftestExecution;
  title: string;
}) {
  const cancel = useCancelRun();
  return (
    <Card data-testid="current-execution">
      <CardHeader>
        <CardTitle>Current execution: {title}</CardTitle>
        <CardDescription>
          {execution.step} · {execution.status}
        </CardDescription>
      </CardHeader>
      <CardContent className="space-y-4">
        <div className="flex items-center gap-3">
          <Progress value={execution.progress} aria-label="Test progress" className="flex-1" />
          <span className="w-12 text-right text-sm tabular-nums">{execution.progress}%</span>
          {execution.status === 'running' && (
            <Button
              size="sm"
              variant="outline"
              disabled={cancel.isPending}
              onClick={() => cancel.mutate(execution.id)}
            >
              Cancel
            </Button>
          )}
        </div>
        <p className="text-sm" data-testid="execution-totals">
          {totalsLine(execution)}
        </p>
        {execution.scores && <ScoreLines scores={execution.scores} />}
        <ResultList results={execution.results} />
      </CardContent>
    </Card>
  );
}
