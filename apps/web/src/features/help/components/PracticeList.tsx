import { CircleCheck, type LucideIcon, TriangleAlert } from 'lucide-react';

type PracticeListProps = {
  title: string;
  icon: LucideIcon;
  items: readonly string[];
  /** What does not hold here, listed first with a warning sign rather than a check. */
  warnings?: readonly string[];
};

export function PracticeList({ title, icon: Icon, items, warnings = [] }: PracticeListProps) {
  return (
    <section className="space-y-3">
      <h3 className="flex items-center gap-2 font-semibold">
        <Icon className="size-4 text-primary" />
        {title}
      </h3>
      <ul className="space-y-2">
        {warnings.map((warning) => (
          <li
            key={warning}
            className="flex gap-2 text-sm leading-relaxed"
            data-testid="practice-warning"
          >
            <TriangleAlert className="mt-0.5 size-4 shrink-0 text-warning" aria-label="Warning" />
            {warning}
          </li>
        ))}
        {items.map((item) => (
          <li key={item} className="flex gap-2 text-sm leading-relaxed">
            <CircleCheck className="mt-0.5 size-4 shrink-0 text-success" />
            {item}
          </li>
        ))}
      </ul>
    </section>
  );
}
