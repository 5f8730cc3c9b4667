import { Loader2 } from 'lucide-react';
import { useSelftestSuites } from '@/features/testing/api';
import { SuiteCards } from '@/features/testing/components/SuiteCards';
import { RunDetails, useSuiteRuns } from '@/features/testing/components/SuiteRunner';

/** /dashboard/security-testing: three suite cards, the current execution, history, recommendations. */
export function SecurityTestingPage() {
  const suites = useSelftestSuites();
  const runs = useSuiteRuns();
  if (suites.isPending)
    return <Loader2 className="mx-auto mt-10 size-6 animate-spin" aria-label="Loading" />;
  return (
    <div className="space-y-6">
      <div>
        <h1 className="text-2xl font-bold">Security Testing</h1>
        <p className="text-muted-foreground">
          Suites that test this NetGuard deployment itself; state-changing tests run in a throw-away
          canary organization.
        </p>
      </div>
      <SuiteCards
        suites={suites.data?.suites ?? []}
        busy={runs.running}
        onRun={runs.start}
        scored={runs.executions.find((e) => e.scores)}
      />
      <RunDetails runs={runs} />
    </div>
  );
}
