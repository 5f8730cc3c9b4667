import type { TExecution } from '@netguard/contracts';
import { Ban, Undo2 } from 'lucide-react';
import { PermissionButton } from '@/components/PermissionButton';
import {
  useApproveExecution,
  useCancelExecution,
  useRollbackExecution,
} from '@/features/remediation/api';
import { ApproveForm } from '@/features/remediation/components/ApproveForm';
import {
  awaitsApproval,
  isCancellable,
  isRollbackable,
} from '@/features/remediation/execution-state';
import {
  fourEyesReason,
  type TRemediationReasons,
} from '@/features/remediation/remediation-permissions';

type Props = {
  execution: TExecution;
  reasons: TRemediationReasons;
  /** The signed-in user: four eyes keeps them from approving their own proposal. */
  userId?: string | null;
};

/** What can be done to the execution in its state: Approve, Cancel, Roll back. */
export function ExecutionControls({ execution, reasons, userId }: Props) {
  const approve = useApproveExecution();
  const cancel = useCancelExecution();
  const rollback = useRollbackExecution();
  const busy = approve.isPending || cancel.isPending || rollback.isPending;
  const canApprove = awaitsApproval(execution);
  const canCancel = isCancellable(execution);
  const canRollBack = isRollbackable(execution);
  const fourEyes = fourEyesReason(execution, userId);
  if (!canApprove && !canCancel && !canRollBack) return null;
  return (
    <div className="flex min-w-0 flex-col gap-3">
      {canApprove && fourEyes && (
        <p className="text-sm text-muted-foreground" data-testid="four-eyes-note">
          {fourEyes}
        </p>
      )}
      {canApprove && (
        <ApproveForm
          execution={execution}
          reason={reasons.approve ?? fourEyes}
          busy={busy}
          onApprove={(acknowledgement) => approve.mutate({ id: execution.id, acknowledgement })}
        />
      )}
      <div className="flex flex-wrap gap-2">
        {canCancel && (
          <PermissionButton
            variant="outline"
            reason={reasons.operate}
            disabled={busy}
            onClick={() => cancel.mutate(execution.id)}
          >
            <Ban aria-hidden="true" />
            Cancel Execution
          </PermissionButton>
        )}
        {canRollBack && (
          <PermissionButton
            variant="destructive"
            reason={reasons.operate}
            disabled={busy}
            onClick={() => rollback.mutate(execution.id)}
          >
            <Undo2 aria-hidden="true" />
            Roll back
          </PermissionButton>
        )}
      </div>
    </div>
  );
}
