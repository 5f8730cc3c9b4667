import type { TCloudConnectionStatus } from '@netguard/contracts';
import { Badge } from '@/components/ui/badge';
import { cn } from '@/lib/utils';

const STATUS_CLASS: Record<TCloudConnectionStatus, string> = {
  connected: 'bg-emerald-100 text-emerald-800',
  disconnected: 'bg-slate-100 text-slate-700',
  error: 'bg-red-100 text-red-800',
};

/** connected / disconnected / error (spec part 2 §3). */
export function ConnectionStatusBadge({ status }: { status: TCloudConnectionStatus }) {
  return (
    <Badge
      className={cn('border-transparent capitalize', STATUS_CLASS[status])}
      data-status={status}
    >
      {status}
    </Badge>
  );
}
