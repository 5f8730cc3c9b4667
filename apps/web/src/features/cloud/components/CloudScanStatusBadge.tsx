import type { TCloudScanStatus } from '@netguard/contracts';
import { Badge } from '@/components/ui/badge';
import { SCAN_STATUS_LABELS } from '@/features/cloud/cloud-labels';
import { cn } from '@/lib/utils';

const STATUS_CLASS: Record<TCloudScanStatus, string> = {
  queued: 'bg-slate-100 text-slate-700',
  running: 'bg-blue-100 text-blue-800',
  passed: 'bg-emerald-100 text-emerald-800',
  failed: 'bg-red-100 text-red-800',
  partial: 'bg-amber-100 text-amber-900',
  cancelled: 'bg-slate-100 text-slate-700',
  error: 'bg-red-600 text-white',
};

export function CloudScanStatusBadge({ status }: { status: TCloudScanStatus }) {
  return (
    <Badge className={cn('border-transparent', STATUS_CLASS[status])} data-status={status}>
      {SCAN_STATUS_LABELS[status]}
    </Badge>
  );
}
