import { REMEDIATION_TEXT, type TRemediationPolicy } from '@netguard/contracts';
import { ModalDialog } from '@/components/ModalDialog';
import { Separator } from '@/components/ui/separator';
import { HostsSection } from '@/features/remediation/components/HostsSection';
import { PolicySection } from '@/features/remediation/components/PolicySection';
import { WorkflowForm } from '@/features/remediation/components/WorkflowForm';
import { WorkflowsView } from '@/features/remediation/components/WorkflowsView';

type Props = {
  open: boolean;
  /** Opened to add an SSH host: the host form is open and in view. */
  addingHost?: boolean;
  onClose: () => void;
  policy: TRemediationPolicy;
  /** Why the role may not change them (not an admin), or null. */
  reason: string | null;
};

/** Configure Workflows: the workflows, the approval policy and the SSH hosts. */
export function ConfigureWorkflowsDialog({ open, addingHost, onClose, policy, reason }: Props) {
  return (
    <ModalDialog
      open={open}
      onOpenChange={(next) => !next && onClose()}
      title={REMEDIATION_TEXT.configureWorkflows}
      description="Workflows propose remediation for new findings; the policy decides who approves."
      wide
    >
      {reason && (
        <p className="rounded-md bg-muted p-2 text-sm" role="note">
          {reason}
        </p>
      )}
      <section className="min-w-0 space-y-3" aria-label="Workflows">
        <h3 className="font-semibold">Workflows</h3>
        {!reason && <WorkflowForm />}
        <WorkflowsView reason={reason} />
      </section>
      <Separator />
      <PolicySection key={JSON.stringify(policy)} policy={policy} reason={reason} />
      <Separator />
      <HostsSection reason={reason} addingFirst={addingHost} />
    </ModalDialog>
  );
}
