import type { TSiemIntegration } from '@netguard/contracts';
import { ConfirmDeleteButton } from '@/components/ConfirmDeleteButton';
import { useDeleteSiemIntegration } from '@/features/siem/api';

type Props = { integration: TSiemIntegration; reason: string | null };

/** Delete, after a confirmation naming what is lost. */
export function DeleteIntegrationButton({ integration, reason }: Props) {
  const remove = useDeleteSiemIntegration();
  return (
    <ConfirmDeleteButton
      name={integration.name}
      consequence="Events stop being forwarded to this SIEM, and its delivery log and backlog are removed."
      reason={reason}
      busy={remove.isPending}
      onConfirm={() => remove.mutate(integration)}
    />
  );
}
