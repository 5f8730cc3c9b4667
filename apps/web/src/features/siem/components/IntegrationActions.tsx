import type { TSiemIntegration } from '@netguard/contracts';
import { Loader2, PlugZap, Settings2 } from 'lucide-react';
import { PermissionButton } from '@/components/PermissionButton';
import { Label } from '@/components/ui/label';
import { Switch } from '@/components/ui/switch';
import { usePermission } from '@/features/auth/use-permission';
import { useSiemRealtime, useTestSiemConnection } from '@/features/siem/api';
import { DeleteIntegrationButton } from '@/features/siem/components/DeleteIntegrationButton';

type Props = { integration: TSiemIntegration; onConfigure: () => void };

/** Test Connection (admins, analysts), Configure, Realtime and Delete (admins). */
export function IntegrationActions({ integration, onConfigure }: Props) {
  const execute = usePermission('siem', 'execute');
  const update = usePermission('siem', 'update');
  const remove = usePermission('siem', 'delete');
  const test = useTestSiemConnection();
  const realtime = useSiemRealtime();
  const realtimeId = `siem-realtime-${integration.id}`;
  return (
    <div className="flex flex-wrap items-center gap-2">
      <PermissionButton
        size="sm"
        reason={execute.reason}
        disabled={test.isPending}
        aria-busy={test.isPending}
        onClick={() => test.mutate(integration.id)}
      >
        {test.isPending ? (
          <Loader2 className="animate-spin" aria-hidden="true" />
        ) : (
          <PlugZap aria-hidden="true" />
        )}
        Test Connection
      </PermissionButton>
      <PermissionButton variant="outline" size="sm" reason={update.reason} onClick={onConfigure}>
        <Settings2 aria-hidden="true" />
        Configure
      </PermissionButton>
      <DeleteIntegrationButton integration={integration} reason={remove.reason} />
      <div className="flex items-center gap-2 sm:ml-auto" title={update.reason ?? undefined}>
        <Switch
          id={realtimeId}
          checked={integration.settings.enableRealtime}
          disabled={!update.allowed || realtime.isPending}
          onCheckedChange={(enabled) => realtime.mutate({ id: integration.id, enabled })}
        />
        <Label htmlFor={realtimeId}>Realtime</Label>
      </div>
    </div>
  );
}
