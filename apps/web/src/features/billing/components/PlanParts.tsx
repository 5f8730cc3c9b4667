import { BILLING_TEXT, type TPlan } from '@netguard/contracts';
import { Check } from 'lucide-react';
import { Badge } from '@/components/ui/badge';
import { cn } from '@/lib/utils';

/** "$99 per month": the price large, the period muted. */
export function PlanPrice({ plan, className }: { plan: TPlan; className?: string }) {
  return (
    <p className={cn('text-sm text-muted-foreground', className)}>
      <span className="text-3xl font-bold text-foreground">{plan.price}</span> {plan.period}
    </p>
  );
}

/** Plan card lines, each with a check mark. */
export function FeatureList({
  lines,
  className = 'space-y-2 text-sm',
  label,
}: {
  lines: readonly string[];
  className?: string;
  label?: string;
}) {
  return (
    <ul className={className} aria-label={label}>
      {lines.map((line) => (
        <li key={line} className="flex items-center gap-2">
          <Check className="size-4 shrink-0 text-emerald-600" aria-hidden="true" />
          {line}
        </li>
      ))}
    </ul>
  );
}

/** The plan's features, each with a check mark. */
export function PlanFeatures({ plan }: { plan: TPlan }) {
  return <FeatureList lines={plan.features} />;
}

/** The green Active badge of the plan in force. */
export function ActiveBadge() {
  return <Badge className="bg-emerald-600 text-white">{BILLING_TEXT.active}</Badge>;
}
