import type { TSiemType } from '@netguard/contracts';
import { Plus, Siren } from 'lucide-react';
import { useState } from 'react';
import { PageHeader } from '@/components/PageHeader';
import { PermissionButton } from '@/components/PermissionButton';
import { Spinner } from '@/components/Spinner';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { usePermission } from '@/features/auth/use-permission';
import { useSiemIntegrations } from '@/features/siem/api';
import { EventForwardingView } from '@/features/siem/components/EventForwardingView';
import {
  IntegrationDialog,
  type TDialogTarget,
} from '@/features/siem/components/IntegrationDialog';
import { IntegrationList } from '@/features/siem/components/IntegrationList';
import { SiemQueriesView } from '@/features/siem/components/SiemQueriesView';
import { SiemSummaryCards } from '@/features/siem/components/SiemSummaryCards';
import { SIEM_PAGE_TITLE } from '@/features/siem/siem-labels';
import { useSiemLoadError } from '@/features/siem/use-siem-load-error';

const SUBTITLE =
  'Forward scans, vulnerabilities and incidents to your SIEM, with proof of delivery.';

/**
 * Summary, then Integrations (cards with test, configure, realtime, delivery log and export),
 * Event Forwarding, and the dashboard and alert queries for a SIEM.
 */
export function SiemIntegrationsPage() {
  const read = usePermission('siem', 'read');
  const create = usePermission('siem', 'create');
  const list = useSiemIntegrations(read.allowed);
  useSiemLoadError(list.error);
  const [dialog, setDialog] = useState<TDialogTarget | null>(null);
  const [pickedType, setPickedType] = useState<TSiemType | null>(null);
  const integrations = list.data?.integrations ?? [];
  const siemType = pickedType ?? integrations[0]?.type ?? 'splunk';

  const header = (
    <PageHeader
      icon={Siren}
      title={SIEM_PAGE_TITLE}
      subtitle={SUBTITLE}
      actions={
        <PermissionButton reason={create.reason} onClick={() => setDialog({ mode: 'create' })}>
          <Plus aria-hidden="true" />
          Add Integration
        </PermissionButton>
      }
    />
  );
  if (!read.allowed)
    return (
      <div className="min-w-0 space-y-6">
        {header}
        <p className="text-sm text-muted-foreground" role="alert">
          {read.reason}
        </p>
      </div>
    );

  return (
    <div className="min-w-0 space-y-6">
      {header}
      {list.isPending ? (
        <div className="flex justify-center py-16">
          <Spinner className="size-8" label="Loading SIEM integrations" />
        </div>
      ) : list.data ? (
        <>
          <SiemSummaryCards summary={list.data.summary} />
          <Tabs defaultValue="integrations" className="gap-4">
            <TabsList className="grid h-auto w-full grid-cols-2 sm:inline-flex sm:h-9 sm:w-fit">
              <TabsTrigger value="integrations">Integrations</TabsTrigger>
              <TabsTrigger value="forwarding">Event Forwarding</TabsTrigger>
              <TabsTrigger value="dashboards">Dashboards</TabsTrigger>
              <TabsTrigger value="alerts">Alerts</TabsTrigger>
            </TabsList>
            <TabsContent value="integrations">
              <IntegrationList
                integrations={integrations}
                onConfigure={(integration) => setDialog({ mode: 'edit', integration })}
              />
            </TabsContent>
            <TabsContent value="forwarding">
              <EventForwardingView integrations={integrations} />
            </TabsContent>
            <TabsContent value="dashboards">
              <SiemQueriesView
                kind="dashboard"
                siemType={siemType}
                onSiemTypeChange={setPickedType}
              />
            </TabsContent>
            <TabsContent value="alerts">
              <SiemQueriesView kind="alert" siemType={siemType} onSiemTypeChange={setPickedType} />
            </TabsContent>
          </Tabs>
        </>
      ) : (
        <p className="text-sm text-destructive" role="alert">
          Failed to load SIEM integration data
        </p>
      )}
      <IntegrationDialog target={dialog} onClose={() => setDialog(null)} />
    </div>
  );
}
