import { SIEM_TYPE_LABELS, SIEM_TYPE_PROTOCOLS, type TSiemIntegration } from '@netguard/contracts';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { DeliveryLog } from '@/features/siem/components/DeliveryLog';
import { IntegrationActions } from '@/features/siem/components/IntegrationActions';
import { IntegrationStats } from '@/features/siem/components/IntegrationStats';
import { IntegrationStatusBadge } from '@/features/siem/components/IntegrationStatusBadge';
import { formatDateTime } from '@/lib/format';

type Props = { integration: TSiemIntegration; onConfigure: () => void };

/** One integration: where it sends, how it is doing, its actions and its delivery log. */
export function IntegrationCard({ integration, onConfigure }: Props) {
  return (
    <Card className="min-w-0" aria-label={integration.name} data-testid="siem-integration">
      <CardHeader className="gap-1">
        <div className="flex flex-wrap items-start justify-between gap-2">
          <CardTitle className="min-w-0 text-lg break-words">{integration.name}</CardTitle>
          <IntegrationStatusBadge status={integration.status} />
        </div>
        <p className="text-sm text-muted-foreground">
          {SIEM_TYPE_LABELS[integration.type]} · {SIEM_TYPE_PROTOCOLS[integration.type]}
        </p>
      </CardHeader>
      <CardContent className="space-y-4">
        <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-3 gap-y-1 text-sm">
          <dt className="text-muted-foreground">Endpoint</dt>
          <dd className="font-mono text-xs break-all sm:text-sm">{integration.endpoint}</dd>
          <dt className="text-muted-foreground">Last sync</dt>
          <dd>{integration.lastSync ? formatDateTime(integration.lastSync) : 'Never'}</dd>
        </dl>
        {integration.lastError && (
          <p className="rounded-md bg-red-50 p-2 text-sm break-words text-red-800" role="status">
            {integration.lastError}
          </p>
        )}
        <IntegrationStats stats={integration.stats} />
        <IntegrationActions integration={integration} onConfigure={onConfigure} />
        <DeliveryLog integration={integration} />
      </CardContent>
    </Card>
  );
}
