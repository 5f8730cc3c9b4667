import type { LucideIcon } from 'lucide-react';

type Props = { icon: LucideIcon; title: string; hint: string };

/** A tab with nothing to show yet, and what makes it fill. */
export function RiskEmptyState({ icon: Icon, title, hint }: Props) {
  return (
    <div
      className="flex flex-col items-center gap-2 rounded-xl border border-dashed px-4 py-16 text-center"
      data-testid="risk-empty"
    >
      <Icon className="size-10 text-muted-foreground" aria-hidden="true" />
      <p className="font-semibold">{title}</p>
      <p className="max-w-md text-sm text-muted-foreground">{hint}</p>
    </div>
  );
}
