import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';

type Props = { icon: LucideIcon; title: string; subtitle: string; actions?: ReactNode };

/** A dashboard page's title with its icon and one line below, and the page's actions on the right. */
export function PageHeader({ icon: Icon, title, subtitle, actions }: Props) {
  const heading = (
    <div className="space-y-1">
      <h1 className="flex items-center gap-3 text-2xl font-bold tracking-tight sm:text-3xl">
        <Icon className="size-7 text-primary" aria-hidden="true" />
        {title}
      </h1>
      <p className="text-sm text-muted-foreground">{subtitle}</p>
    </div>
  );
  if (!actions) return heading;
  return (
    <div className="flex flex-col gap-4 sm:flex-row sm:items-center sm:justify-between">
      {heading}
      {actions}
    </div>
  );
}
