import type { TSiemDelivery } from '@netguard/contracts';
import { RotateCcw } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { DeliveryStateBadge } from '@/features/siem/components/DeliveryStateBadge';
import { formatLatency, formatReceipt } from '@/features/siem/siem-format';
import { SIEM_EVENT_LABELS } from '@/features/siem/siem-labels';
import { formatDateTime } from '@/lib/format';

type Props = {
  deliveries: TSiemDelivery[];
  /** Replay one dead letter; absent when the role may not. */
  onReplay?: (eventId: string) => void;
  replaying: boolean;
};

const HEADERS = [
  'State',
  'Event',
  'Title',
  'Queued',
  'Attempts',
  'Latency',
  'Receipt',
  'Last error',
];

/** The delivery log: each event, what the SIEM answered, and Replay for dead letters. */
export function DeliveryTable({ deliveries, onReplay, replaying }: Props) {
  if (deliveries.length === 0)
    return <p className="py-4 text-sm text-muted-foreground">No events in this view.</p>;
  return (
    <div className="relative overflow-x-auto rounded-md border">
      <table className="w-full min-w-[56rem] text-left text-sm">
        <thead className="bg-muted/50 text-xs text-muted-foreground">
          <tr>
            {HEADERS.map((header) => (
              <th key={header} scope="col" className="px-3 py-2 font-medium">
                {header}
              </th>
            ))}
            {onReplay && (
              <th scope="col" className="px-3 py-2">
                <span className="sr-only">Actions</span>
              </th>
            )}
          </tr>
        </thead>
        <tbody>
          {deliveries.map((delivery) => (
            <tr key={delivery.eventId} className="border-t align-top">
              <td className="px-3 py-2">
                <DeliveryStateBadge state={delivery.state} />
              </td>
              <td className="px-3 py-2 whitespace-nowrap">
                {SIEM_EVENT_LABELS[delivery.eventType]}
              </td>
              <td className="max-w-72 min-w-48 px-3 py-2 break-words">{delivery.title}</td>
              <td className="px-3 py-2 whitespace-nowrap">{formatDateTime(delivery.queuedAt)}</td>
              <td className="px-3 py-2">{delivery.attempts}</td>
              <td className="px-3 py-2 whitespace-nowrap">{formatLatency(delivery.latencyMs)}</td>
              <td className="px-3 py-2 font-mono text-xs whitespace-nowrap">
                {formatReceipt(delivery.receipt)}
              </td>
              <td className="max-w-72 min-w-48 px-3 py-2 break-words text-destructive">
                {delivery.lastError ?? ''}
              </td>
              {onReplay && (
                <td className="px-3 py-2">
                  {delivery.state === 'dead' && (
                    <Button
                      variant="outline"
                      size="sm"
                      disabled={replaying}
                      onClick={() => onReplay(delivery.eventId)}
                      aria-label={`Replay ${delivery.title}`}
                    >
                      <RotateCcw aria-hidden="true" />
                      Replay
                    </Button>
                  )}
                </td>
              )}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
