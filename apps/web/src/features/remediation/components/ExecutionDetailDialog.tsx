import { ModalDialog } from '@/components/ModalDialog';
import { Spinner } from '@/components/Spinner';
import { useAuth } from '@/features/auth/auth-context';
import { useExecution } from '@/features/remediation/api';
import { ExecutionDetail } from '@/features/remediation/components/ExecutionDetail';
import type { TRemediationReasons } from '@/features/remediation/remediation-permissions';
import { errorMessage } from '@/lib/api-client';

type Props = { id: string | null; reasons: TRemediationReasons; onClose: () => void };

/** The execution opened from a list, or the one just started; kept fresh while it runs. */
export function ExecutionDetailDialog({ id, reasons, onClose }: Props) {
  const execution = useExecution(id);
  const { user } = useAuth();
  const data = execution.data;
  return (
    <ModalDialog
      open={id !== null}
      onOpenChange={(open) => !open && onClose()}
      title={data ? data.actionName : 'Remediation execution'}
      description={data ? `On ${data.target}` : 'Loading the execution'}
      wide
    >
      {data ? (
        <ExecutionDetail execution={data} reasons={reasons} userId={user?.id ?? null} />
      ) : execution.error ? (
        <p className="text-sm text-destructive" role="alert">
          {errorMessage(execution.error)}
        </p>
      ) : (
        <Spinner className="size-6" label="Loading the execution" />
      )}
    </ModalDialog>
  );
}
