import type { TCloudConnection } from '@netguard/contracts';
import { Unplug } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { useDisconnectCloud } from '@/features/cloud/api';
import { ConnectionStatusBadge } from '@/features/cloud/components/ConnectionStatusBadge';
import { formatDateTime } from '@/lib/format';

type Props = { connection: TCloudConnection; canDisconnect: boolean };

/** One connection of a provider card: who it is, its last scan and findings, and Disconnect. */
export function ConnectionItem({ connection, canDisconnect }: Props) {
  const disconnect = useDisconnectCloud();
  return (
    <li className="space-y-1 rounded-md border p-3 text-sm" aria-label={connection.name}>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <span className="min-w-0 font-medium break-words">{connection.name}</span>
        <ConnectionStatusBadge status={connection.status} />
      </div>
      <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-3 gap-y-0.5 text-muted-foreground">
        <dt>Account</dt>
        <dd className="break-all">{connection.account ?? '—'}</dd>
        {connection.principal && (
          <>
            <dt>Principal</dt>
            <dd className="break-all">{connection.principal}</dd>
          </>
        )}
        <dt>Region</dt>
        <dd>{connection.region}</dd>
        <dt>Last scan</dt>
        <dd>{connection.lastScan ? formatDateTime(connection.lastScan) : 'Never'}</dd>
        <dt>Findings</dt>
        <dd>{connection.vulnerabilities}</dd>
      </dl>
      {connection.lastError && (
        <p className="text-destructive break-words">{connection.lastError}</p>
      )}
      {canDisconnect && (
        <Button
          variant="outline"
          size="sm"
          className="mt-1"
          disabled={disconnect.isPending}
          onClick={() => disconnect.mutate(connection.id)}
          aria-label={`Disconnect ${connection.name}`}
        >
          <Unplug aria-hidden="true" />
          Disconnect
        </Button>
      )}
    </li>
  );
}
