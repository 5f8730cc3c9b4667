import { CLOUD_PROVIDER_LABELS } from '@netguard/contracts';
import { Card, CardAction, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { ConnectionItem } from '@/features/cloud/components/ConnectionItem';
import { ConnectionStatusBadge } from '@/features/cloud/components/ConnectionStatusBadge';
import type { TProviderSummary } from '@/features/cloud/provider-summary';
import { formatDateTime } from '@/lib/format';

type Props = { summary: TProviderSummary; canDisconnect: boolean };

/** A provider's card: its status, last scan and open findings, and each of its connections. */
export function ProviderCard({ summary, canDisconnect }: Props) {
  const label = CLOUD_PROVIDER_LABELS[summary.provider];
  return (
    <Card className="min-w-0" aria-label={`${label} provider`} data-provider={summary.provider}>
      <CardHeader>
        <CardTitle>{label}</CardTitle>
        <CardAction>
          <ConnectionStatusBadge status={summary.status} />
        </CardAction>
      </CardHeader>
      <CardContent className="space-y-3">
        <dl className="grid grid-cols-2 gap-2 text-sm">
          <div>
            <dt className="text-muted-foreground">Last scan</dt>
            <dd>{summary.lastScan ? formatDateTime(summary.lastScan) : 'Never'}</dd>
          </div>
          <div>
            <dt className="text-muted-foreground">Findings</dt>
            <dd data-testid={`${summary.provider}-findings`}>{summary.findings}</dd>
          </div>
        </dl>
        {summary.connections.length === 0 ? (
          <p className="text-sm text-muted-foreground">No {label} account connected.</p>
        ) : (
          <ul className="space-y-2">
            {summary.connections.map((connection) => (
              <ConnectionItem
                key={connection.id}
                connection={connection}
                canDisconnect={canDisconnect}
              />
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
