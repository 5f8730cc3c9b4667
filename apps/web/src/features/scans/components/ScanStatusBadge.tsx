import type { TScanStatus } from '@netguard/contracts';
import { Ban, CheckCircle2, Clock, Loader2, XCircle } from 'lucide-react';
import { Badge } from '@/components/ui/badge';
import { SCAN_STATUS_LABELS } from '@/features/scans/scan-text';
import { cn } from '@/lib/utils';

const STATUS_DISPLAY = {
  pending: { icon: Clock, className: 'bg-slate-100 text-slate-700' },
  running: { icon: Loader2, className: 'bg-blue-100 text-blue-700' },
  completed: { icon: CheckCircle2, className: 'bg-emerald-100 text-emerald-700' },
  failed: { icon: XCircle, className: 'bg-red-100 text-red-700' },
  cancelled: { icon: Ban, className: 'bg-slate-100 text-slate-500' },
} as const satisfies Record<TScanStatus, unknown>;

/** A scan's status as a coloured badge (pending reads "Waiting to start"). */
export function ScanStatusBadge({ status }: { status: TScanStatus }) {
  const { icon: Icon, className } = STATUS_DISPLAY[status];
  return (
    <Badge variant="outline" className={cn('border-transparent', className)} data-status={status}>
      <Icon className={cn(status === 'running' && 'animate-spin')} aria-hidden="true" />
      {SCAN_STATUS_LABELS[status]}
    </Badge>
  );
}
