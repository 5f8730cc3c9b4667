import type { TSelftestExecution, TSelftestRunKind } from '@netguard/contracts';
import { useEffect, useRef, useState } from 'react';
import { toast } from 'sonner';
import { useRunSuite, useSelftestHistory } from '@/features/testing/api';
import { ExecutionCard } from '@/features/testing/components/ExecutionCard';
import { HistoryList } from '@/features/testing/components/HistoryList';
import { Recommendations } from '@/features/testing/components/Recommendations';
import { errorMessage } from '@/lib/api-client';

export const RUN_TITLES: Record<TSelftestRunKind, string> = {
  security: 'Security Tests',
  integration: 'Integration Tests',
  performance: 'Performance Tests',
  quick: 'Quick Test',
  comprehensive: 'Comprehensive Test',
};

/** Runs, the current execution, its recommendations and the history; `kinds` limits the history. */
export function useSuiteRuns(suite?: TSelftestRunKind) {
  const history = useSelftestHistory(suite);
  const run = useRunSuite();
  const [openId, setOpenId] = useState<string | null>(null);
  const executions = history.data?.executions ?? [];
  const current: TSelftestExecution | undefined =
    executions.find((e) => e.id === openId) ??
    executions.find((e) => e.status === 'running') ??
    executions[0];
  // The spec's toast when a run this page watched ends.
  const watched = useRef<string | null>(null);
  useEffect(() => {
    if (!current) return;
    if (current.status === 'running') watched.current = current.id;
    else if (watched.current === current.id) {
      watched.current = null;
      if (current.status === 'completed')
        toast.success('Test Suite Completed', {
          description: `${current.passed_tests} of ${current.total_tests} tests passed`,
        });
      else toast.error('Test Execution Failed', { description: current.error ?? current.step });
    }
  }, [current]);
  const start = (kind: TSelftestRunKind) =>
    run.mutate(kind, {
      onSuccess: (e) => setOpenId(e.id),
      onError: (error) => toast.error('Testing failed', { description: errorMessage(error) }),
    });
  return {
    history,
    executions,
    current,
    start,
    running: run.isPending || executions.some((e) => e.status === 'running'),
    setOpenId,
  };
}

export function RunDetails({ runs }: { runs: ReturnType<typeof useSuiteRuns> }) {
  return (
    <>
      {runs.current && (
        <>
          <ExecutionCard execution={runs.current} title={RUN_TITLES[runs.current.suite_id]} />
          <Recommendations execution={runs.current} />
        </>
      )}
      <HistoryList executions={runs.executions} titles={RUN_TITLES} onOpen={runs.setOpenId} />
    </>
  );
}
