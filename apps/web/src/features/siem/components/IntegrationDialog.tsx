import type { TSiemIntegration } from '@netguard/contracts';
import { ModalDialog } from '@/components/ModalDialog';
import { IntegrationForm } from '@/features/siem/components/IntegrationForm';

/** What the dialog edits: a new integration, a stored one, or nothing (closed). */
export type TDialogTarget = { mode: 'create' } | { mode: 'edit'; integration: TSiemIntegration };

type Props = { target: TDialogTarget | null; onClose: () => void };

/** Add Integration and Configure share the form; it closes on Cancel or once saved. */
export function IntegrationDialog({ target, onClose }: Props) {
  const stored = target?.mode === 'edit' ? target.integration : undefined;
  return (
    <ModalDialog
      open={target !== null}
      onOpenChange={(open) => !open && onClose()}
      title={stored ? `Configure ${stored.name}` : 'Add Integration'}
      description={
        stored
          ? 'Change what is forwarded and how. Secrets left empty keep their stored values.'
          : 'Forward NetGuard events to your SIEM.'
      }
    >
      {target && <IntegrationForm key={stored?.id ?? 'new'} stored={stored} onDone={onClose} />}
    </ModalDialog>
  );
}
