import type { TRemediationAction } from '@netguard/contracts';
import { useState } from 'react';
import { ActionCard } from '@/features/remediation/components/ActionCard';
import { ActionDetailsDialog } from '@/features/remediation/components/ActionDetailsDialog';

type Props = {
  actions: TRemediationAction[];
  deniedReason: string | null;
  onExecute: (action: TRemediationAction) => void;
};

/** Available Actions: the catalogue's cards, each with Execute and View Details. */
export function ActionCatalog({ actions, deniedReason, onExecute }: Props) {
  const [details, setDetails] = useState<TRemediationAction | null>(null);
  if (actions.length === 0)
    return (
      <p className="rounded-md border border-dashed p-6 text-center text-sm text-muted-foreground">
        No remediation actions available.
      </p>
    );
  return (
    <>
      <div className="grid gap-4 md:grid-cols-2 xl:grid-cols-3">
        {actions.map((action) => (
          <ActionCard
            key={action.id}
            action={action}
            deniedReason={deniedReason}
            onExecute={onExecute}
            onDetails={setDetails}
          />
        ))}
      </div>
      <ActionDetailsDialog action={details} onClose={() => setDetails(null)} />
    </>
  );
}
