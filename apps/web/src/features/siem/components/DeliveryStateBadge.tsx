import type { TSiemDeliveryState } from '@netguard/contracts';
import { Badge } from '@/components/ui/badge';
import { DELIVERY_STATE_CLASS, DELIVERY_STATE_LABELS } from '@/features/siem/siem-labels';
import { cn } from '@/lib/utils';

export function DeliveryStateBadge({ state }: { state: TSiemDeliveryState }) {
  return (
    <Badge className={cn('border-transparent', DELIVERY_STATE_CLASS[state])} data-state={state}>
      {DELIVERY_STATE_LABELS[state]}
    </Badge>
  );
}
