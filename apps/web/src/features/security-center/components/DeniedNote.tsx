/** Why a control is disabled, visible under it and linked for screen readers. */
export function DeniedNote({ id, reason }: { id: string; reason: string | null }) {
  if (!reason) return null;
  return (
    <p id={id} className="text-xs text-muted-foreground">
      {reason}
    </p>
  );
}
