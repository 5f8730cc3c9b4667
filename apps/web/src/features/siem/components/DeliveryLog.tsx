import type { TSiemIntegration } from '@netguard/contracts';
import { ChevronDown, RotateCcw } from 'lucide-react';
import { useState } from 'react';
import { LabeledSelect } from '@/components/LabeledSelect';
import { Spinner } from '@/components/Spinner';
import { Button } from '@/components/ui/button';
import { Collapsible, CollapsibleContent, CollapsibleTrigger } from '@/components/ui/collapsible';
import { usePermission } from '@/features/auth/use-permission';
import { useReplaySiem, useSiemDeliveries } from '@/features/siem/api';
import { DeliveryTable } from '@/features/siem/components/DeliveryTable';
import { ExportEvents } from '@/features/siem/components/ExportEvents';
import { DELIVERY_FILTERS, type TDeliveryFilter } from '@/features/siem/siem-labels';
import { errorMessage } from '@/lib/api-client';

const FILTER_VALUES = DELIVERY_FILTERS.map((filter) => filter.value);
const FILTER_LABELS = Object.fromEntries(
  DELIVERY_FILTERS.map((filter) => [filter.value, filter.label]),
) as Record<TDeliveryFilter, string>;

/** The integration's delivery log, read only while open; replay of dead letters; export. */
export function DeliveryLog({ integration }: { integration: TSiemIntegration }) {
  const [open, setOpen] = useState(false);
  const [state, setState] = useState<TDeliveryFilter>('all');
  const replayAllowed = usePermission('siem', 'execute').allowed;
  const exportAllowed = usePermission('siem', 'export').allowed;
  const deliveries = useSiemDeliveries(integration.id, state, open);
  const replay = useReplaySiem();
  const id = `siem-log-${integration.id}`;

  return (
    <Collapsible open={open} onOpenChange={setOpen} className="space-y-3">
      <CollapsibleTrigger asChild>
        <Button variant="ghost" size="sm" className="-ml-2" aria-controls={id}>
          <ChevronDown
            className={open ? 'rotate-180 transition-transform' : 'transition-transform'}
            aria-hidden="true"
          />
          Delivery log
        </Button>
      </CollapsibleTrigger>
      <CollapsibleContent id={id} className="min-w-0 space-y-3">
        <div className="flex flex-wrap items-end gap-2">
          <div className="w-44">
            <LabeledSelect
              id={`${id}-state`}
              label="Show"
              value={state}
              options={FILTER_VALUES}
              labels={FILTER_LABELS}
              onChange={setState}
            />
          </div>
          {state === 'dead' && replayAllowed && (
            <Button
              variant="outline"
              disabled={replay.isPending || !deliveries.data?.deliveries.length}
              onClick={() => replay.mutate({ id: integration.id })}
            >
              <RotateCcw aria-hidden="true" />
              Replay all
            </Button>
          )}
          {deliveries.isFetching && <Spinner className="size-4" label="Loading deliveries" />}
        </div>
        {deliveries.isError && (
          <p className="text-sm text-destructive" role="alert">
            {errorMessage(deliveries.error)}
          </p>
        )}
        {deliveries.data && (
          <DeliveryTable
            deliveries={deliveries.data.deliveries}
            replaying={replay.isPending}
            onReplay={
              replayAllowed
                ? (eventId) => replay.mutate({ id: integration.id, eventIds: [eventId] })
                : undefined
            }
          />
        )}
        {exportAllowed && <ExportEvents integration={integration} />}
      </CollapsibleContent>
    </Collapsible>
  );
}
