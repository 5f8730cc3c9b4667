import type { TVulnSeverity } from '@netguard/contracts';
import { Badge } from '@/components/ui/badge';
import { cn } from '@/lib/utils';

const SEVERITY_CLASS: Record<TVulnSeverity, string> = {
  critical: 'bg-red-600 text-white',
  high: 'bg-orange-500 text-white',
  medium: 'bg-amber-100 text-amber-800',
  low: 'bg-blue-100 text-blue-800',
  info: 'bg-slate-100 text-slate-700',
};

/** A finding's severity as a coloured badge. */
export function SeverityBadge({ severity }: { severity: TVulnSeverity }) {
  return (
    <Badge
      className={cn('border-transparent uppercase tracking-wide', SEVERITY_CLASS[severity])}
      data-severity={severity}
    >
      {severity}
    </Badge>
  );
}
