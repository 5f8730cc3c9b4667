import { Server } from 'lucide-react';
import { Button } from '@/components/ui/button';

export const START_BLOCKER_ID = 'remediation-start-blocker';

type Props = {
  /** No finding picked yet. */
  unpicked: boolean;
  /** The finding's address when no SSH host has it. */
  missingHost: string | null;
  onAddHost: () => void;
};

/** Why the plan cannot be checked or started yet, and what to do about it. */
export function StartBlocker({ unpicked, missingHost, onAddHost }: Props) {
  if (unpicked)
    return (
      <p id={START_BLOCKER_ID} className="text-sm text-muted-foreground">
        Pick the vulnerability to fix: Check Prerequisites and Start Remediation need one.
      </p>
    );
  if (missingHost === null) return null;
  return (
    <div
      id={START_BLOCKER_ID}
      className="space-y-2 rounded-md border border-amber-300 bg-amber-50 p-3 text-sm dark:border-amber-700 dark:bg-amber-950"
      role="note"
      data-testid="missing-ssh-host"
    >
      <p className="break-words">
        No SSH host for <span className="font-mono">{missingHost}</span>: NetGuard connects to a
        host over SSH to change it, so nothing can start until one is added.
      </p>
      <Button type="button" variant="outline" size="sm" onClick={onAddHost}>
        <Server aria-hidden="true" />
        Add an SSH host
      </Button>
    </div>
  );
}
