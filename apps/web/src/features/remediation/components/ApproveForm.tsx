import type { TExecution } from '@netguard/contracts';
import { Check } from 'lucide-react';
import { useState } from 'react';
import { PermissionButton } from '@/components/PermissionButton';
import { FormField } from '@/features/auth/components/FormField';
import { acknowledgementMatches } from '@/features/remediation/execution-state';

type Props = {
  execution: Pick<TExecution, 'id' | 'target' | 'needsAcknowledgement' | 'riskLevel'>;
  /** Why the role may not approve, or null. */
  reason: string | null;
  busy: boolean;
  onApprove: (acknowledgement?: string) => void;
};

/** Approve; a high-risk execution first needs its target typed exactly, as an acknowledgement. */
export function ApproveForm({ execution, reason, busy, onApprove }: Props) {
  const [typed, setTyped] = useState('');
  const needs = execution.needsAcknowledgement;
  const complete = !needs || acknowledgementMatches(execution, typed);
  return (
    <form
      className="min-w-0 space-y-3 rounded-md border border-amber-300 bg-amber-50/50 p-3 dark:bg-amber-950/30"
      aria-label="Approve remediation"
      onSubmit={(event) => {
        event.preventDefault();
        if (!reason && complete) onApprove(needs ? typed : undefined);
      }}
    >
      {needs && (
        <FormField
          id={`acknowledge-${execution.id}`}
          label="Type the target to approve this high-risk change"
          hint={
            <>
              Type <span className="font-mono font-semibold break-all">{execution.target}</span>{' '}
              exactly.
            </>
          }
          autoComplete="off"
          spellCheck={false}
          value={typed}
          disabled={Boolean(reason)}
          onChange={(event) => setTyped(event.target.value)}
        />
      )}
      <PermissionButton
        type="submit"
        reason={reason}
        disabled={!complete || busy}
        aria-busy={busy}
        data-testid="approve-execution"
      >
        <Check aria-hidden="true" />
        Approve
      </PermissionButton>
    </form>
  );
}
