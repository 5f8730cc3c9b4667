import type { TSiemStatus } from '@netguard/contracts';
import { Badge } from '@/components/ui/badge';
import { SIEM_STATUS_CLASS } from '@/features/siem/siem-labels';
import { cn } from '@/lib/utils';

/** active (green), inactive (grey), error (red). */
export function IntegrationStatusBadge({ status }: { status: TSiemStatus }) {
  return (
    <Badge
      className={cn('border-transparent capitalize', SIEM_STATUS_CLASS[status])}
      data-status={status}
    >
      {status}
    </Badge>
  );
}
