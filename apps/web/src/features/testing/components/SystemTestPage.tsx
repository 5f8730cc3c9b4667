import { Play } from 'lucide-react';
import { PermissionButton } from '@/components/PermissionButton';
import { usePermission } from '@/features/auth/use-permission';
import { HealthPanel } from '@/features/testing/components/HealthPanel';
import { RunDetails, useSuiteRuns } from '@/features/testing/components/SuiteRunner';

/** /dashboard/system-test: the health probes and the integration suite of the deployment's own parts. */
export function SystemTestPage() {
  const runs = useSuiteRuns('integration');
  const execute = usePermission('selftest', 'execute');
  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 className="text-2xl font-bold">System Test</h1>
          <p className="text-muted-foreground">
            Database and migrations, job queue, realtime, mail, billing, scanning, packets, feeds
            and integrations.
          </p>
        </div>
        <PermissionButton
          reason={execute.reason}
          disabled={runs.running}
          onClick={() => runs.start('integration')}
        >
          <Play aria-hidden="true" /> Run Integration Tests
        </PermissionButton>
      </div>
      <HealthPanel />
      <RunDetails runs={runs} />
    </div>
  );
}
