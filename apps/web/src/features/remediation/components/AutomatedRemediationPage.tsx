import { REMEDIATION_TEXT, type TRemediationAction } from '@netguard/contracts';
import { Settings2, Wrench } from 'lucide-react';
import { useState } from 'react';
import { PageHeader } from '@/components/PageHeader';
import { Spinner } from '@/components/Spinner';
import { Button } from '@/components/ui/button';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { useRemediationActions, useRemediationOverview } from '@/features/remediation/api';
import { ActionCatalog } from '@/features/remediation/components/ActionCatalog';
import { ActiveExecutions } from '@/features/remediation/components/ActiveExecutions';
import { BatchesSection } from '@/features/remediation/components/BatchesSection';
import { ConfigureWorkflowsDialog } from '@/features/remediation/components/ConfigureWorkflowsDialog';
import {
  ExecuteDialog,
  type TExecuteRequest,
} from '@/features/remediation/components/ExecuteDialog';
import { ExecutionDetailDialog } from '@/features/remediation/components/ExecutionDetailDialog';
import { HistoryView } from '@/features/remediation/components/HistoryView';
import { RemediationSummaryCards } from '@/features/remediation/components/RemediationSummaryCards';
import { WorkflowsView } from '@/features/remediation/components/WorkflowsView';
import { useRemediationReasons } from '@/features/remediation/remediation-permissions';
import { useRemediationUrl } from '@/features/remediation/use-remediation-url';
import { useLoadErrorToast } from '@/hooks/use-load-error-toast';

const SUBTITLE = 'Fix findings with reviewed, reversible changes: dry run, approval, verification.';

/**
 * Summary cards, then Available Actions (the catalogue), Active Executions with the batches,
 * Workflows and History with the evidence export; the execute flow and an execution's detail
 * open over the page.
 */
export function AutomatedRemediationPage() {
  const initial = useRemediationReasons();
  const allowed = initial.read === null;
  const overview = useRemediationOverview(allowed);
  const catalogue = useRemediationActions(undefined, allowed);
  const reasons = useRemediationReasons(overview.data?.policy);
  useLoadErrorToast(
    overview.error ?? catalogue.error,
    'remediation-load-error',
    REMEDIATION_TEXT.loadFailed,
  );
  const url = useRemediationUrl();
  const [picked, setPicked] = useState<TRemediationAction | null>(null);
  /** Configure Workflows is open; 'add-host' opens it at a new SSH host. */
  const [configuring, setConfiguring] = useState<false | 'open' | 'add-host'>(false);
  const request: TExecuteRequest | null = picked
    ? { action: picked }
    : url.vulnerabilityId
      ? { vulnerabilityId: url.vulnerabilityId }
      : null;

  const header = (
    <PageHeader
      icon={Wrench}
      title={REMEDIATION_TEXT.title}
      subtitle={SUBTITLE}
      actions={
        allowed && (
          <Button variant="outline" onClick={() => setConfiguring('open')}>
            <Settings2 aria-hidden="true" />
            {REMEDIATION_TEXT.configureWorkflows}
          </Button>
        )
      }
    />
  );
  if (!allowed)
    return (
      <div className="min-w-0 space-y-6">
        {header}
        <p className="text-sm text-muted-foreground" role="alert">
          {initial.read}
        </p>
      </div>
    );

  const data = overview.data;
  return (
    <div className="min-w-0 space-y-6">
      {header}
      {overview.isPending ? (
        <div className="flex justify-center py-16">
          <Spinner className="size-8" label="Loading remediation data" />
        </div>
      ) : data ? (
        <>
          <RemediationSummaryCards summary={data.summary} />
          <Tabs defaultValue="actions" className="min-w-0 gap-4">
            <TabsList className="grid h-auto w-full grid-cols-2 sm:inline-flex sm:h-9 sm:w-fit">
              <TabsTrigger value="actions">Available Actions</TabsTrigger>
              <TabsTrigger value="active">Active Executions</TabsTrigger>
              <TabsTrigger value="workflows">Workflows</TabsTrigger>
              <TabsTrigger value="history">History</TabsTrigger>
            </TabsList>
            <TabsContent value="actions" className="min-w-0">
              {catalogue.data ? (
                <ActionCatalog
                  actions={catalogue.data.actions}
                  deniedReason={reasons.start}
                  onExecute={setPicked}
                />
              ) : catalogue.error ? (
                <p className="text-sm text-destructive" role="alert">
                  {REMEDIATION_TEXT.loadFailed}
                </p>
              ) : (
                <Spinner className="size-6" label="Loading remediation actions" />
              )}
            </TabsContent>
            <TabsContent value="active" className="min-w-0 space-y-6">
              <ActiveExecutions executions={data.active} onOpen={url.openExecution} />
              <BatchesSection reason={reasons.approve} policy={data.policy} />
            </TabsContent>
            <TabsContent value="workflows" className="min-w-0">
              <WorkflowsView reason={reasons.manage} />
            </TabsContent>
            <TabsContent value="history" className="min-w-0">
              <HistoryView
                actions={catalogue.data?.actions ?? []}
                onOpen={url.openExecution}
                exportReason={reasons.export}
              />
            </TabsContent>
          </Tabs>
          <ExecuteDialog
            request={reasons.start ? null : request}
            policy={data.policy}
            onClose={() => {
              setPicked(null);
              url.closeExecute();
            }}
            onStarted={(id) => {
              setPicked(null);
              url.openExecution(id);
            }}
            onAddHost={() => {
              setPicked(null);
              url.closeExecute();
              setConfiguring('add-host');
            }}
          />
          <ConfigureWorkflowsDialog
            open={configuring !== false}
            addingHost={configuring === 'add-host'}
            onClose={() => setConfiguring(false)}
            policy={data.policy}
            reason={reasons.manage}
          />
        </>
      ) : (
        <p className="text-sm text-destructive" role="alert">
          {REMEDIATION_TEXT.loadFailed}
        </p>
      )}
      <ExecutionDetailDialog
        id={url.executionId}
        reasons={reasons}
        onClose={() => url.openExecution(null)}
      />
    </div>
  );
}
