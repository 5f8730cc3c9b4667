import { REPORT_GENERATORS, type TReportType } from '@netguard/contracts';
import { Badge } from '@/components/ui/badge';
import { cn } from '@/lib/utils';

const TYPE_CLASS: Record<TReportType, string> = {
  executive: 'bg-violet-100 text-violet-800',
  technical: 'bg-blue-100 text-blue-800',
  compliance: 'bg-emerald-100 text-emerald-800',
  trend: 'bg-amber-100 text-amber-800',
};

/** A report's type as a coloured badge. */
export function ReportTypeBadge({ type }: { type: TReportType }) {
  return (
    <Badge className={cn('border-transparent', TYPE_CLASS[type])} data-report-type={type}>
      {REPORT_GENERATORS[type].label}
    </Badge>
  );
}
