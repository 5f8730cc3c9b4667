import { Spinner } from '@/components/Spinner';
import { useRemediationWorkflows } from '@/features/remediation/admin-api';
import { WorkflowList } from '@/features/remediation/components/WorkflowList';
import { errorMessage } from '@/lib/api-client';

/** The organization's workflows as the API lists them (Workflows tab, Configure Workflows). */
export function WorkflowsView({ reason }: { reason: string | null }) {
  const workflows = useRemediationWorkflows();
  if (workflows.isPending) return <Spinner className="size-5" label="Loading workflows" />;
  if (workflows.error)
    return (
      <p className="text-sm text-destructive" role="alert">
        {errorMessage(workflows.error)}
      </p>
    );
  return <WorkflowList workflows={workflows.data.workflows} reason={reason} />;
}
