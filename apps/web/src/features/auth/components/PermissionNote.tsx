import { Lock } from 'lucide-react';

/** The reason a control is disabled for this role, shown under it. */
export function PermissionNote({ reason }: { reason: string | null }) {
  if (!reason) return null;
  return (
    <p
      className="flex items-start gap-1.5 text-xs text-muted-foreground"
      data-testid="permission-note"
    >
      <Lock className="mt-0.5 size-3 shrink-0" aria-hidden="true" />
      {reason}
    </p>
  );
}
