import type { TRemediationWorkflow } from '@netguard/contracts';
import { ConfirmDeleteButton } from '@/components/ConfirmDeleteButton';
import { Switch } from '@/components/ui/switch';
import { useDeleteWorkflow, useUpdateWorkflow } from '@/features/remediation/admin-api';
import { formatDateTime } from '@/lib/format';

type Props = {
  workflows: TRemediationWorkflow[];
  /** Why the role may not change workflows, or null. */
  reason: string | null;
};

/** The organization's workflows: what triggers them, what they proposed; enable or delete. */
export function WorkflowList({ workflows, reason }: Props) {
  const update = useUpdateWorkflow();
  const remove = useDeleteWorkflow();
  if (workflows.length === 0)
    return (
      <p className="rounded-md border border-dashed p-6 text-center text-sm text-muted-foreground">
        No workflows yet. Configure Workflows creates one from a template.
      </p>
    );
  return (
    <ul className="space-y-2" aria-label="Workflows">
      {workflows.map((w) => (
        <li
          key={w.id}
          className="flex min-w-0 flex-wrap items-start gap-3 rounded-md border p-3 text-sm"
          data-testid="remediation-workflow"
        >
          <div className="min-w-0 flex-1 space-y-1">
            <p className="font-medium break-words">{w.name}</p>
            <p className="text-xs text-muted-foreground">
              {w.trigger.severities.join(', ')}
              {w.trigger.kevOnly ? ' · KEV only' : ''} · within {w.proposeWithinHours} h ·{' '}
              {w.requireApproval ? 'approval required' : 'no approval'}
            </p>
            <p className="text-xs text-muted-foreground">
              Proposed {w.proposedCount} · last run{' '}
              {w.lastRunAt ? formatDateTime(w.lastRunAt) : 'never'}
            </p>
          </div>
          <div className="flex items-center gap-2">
            <Switch
              aria-label={`Enable ${w.name}`}
              checked={w.enabled}
              disabled={Boolean(reason) || update.isPending}
              title={reason ?? undefined}
              onCheckedChange={(enabled) => update.mutate({ id: w.id, body: { enabled } })}
            />
            <ConfirmDeleteButton
              name={w.name}
              consequence="It stops proposing remediation; executions it proposed are kept."
              reason={reason}
              busy={remove.isPending}
              onConfirm={() => remove.mutate(w)}
            />
          </div>
        </li>
      ))}
    </ul>
  );
}
