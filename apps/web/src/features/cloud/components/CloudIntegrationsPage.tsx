import { Cloud } from 'lucide-react';
import { PageHeader } from '@/components/PageHeader';
import { Skeleton } from '@/components/ui/skeleton';
import { usePermission } from '@/features/auth/use-permission';
import { useCloudConnections, useCloudScans } from '@/features/cloud/api';
import { CLOUD_PAGE_TITLE } from '@/features/cloud/cloud-labels';
import { CredentialsForm } from '@/features/cloud/components/CredentialsForm';
import { ProviderCards } from '@/features/cloud/components/ProviderCards';
import { ResultTabs } from '@/features/cloud/components/ResultTabs';
import { RunScanButton } from '@/features/cloud/components/RunScanButton';
import { ScanProgressList } from '@/features/cloud/components/ScanProgressList';
import { hasConnectedProvider } from '@/features/cloud/provider-summary';
import { activeScans, latestResults } from '@/features/cloud/scan-results';
import { useScanBatchToast } from '@/features/cloud/use-scan-batch';
import { errorMessage } from '@/lib/api-client';

const SUBTITLE =
  "Posture checks of your AWS, Azure and GCP accounts, with exposure proven by NetGuard's own scan.";

/**
 * Provider cards, the credentials form (admins), Run Multi-Cloud Scan with live progress, and
 * the results with their coverage, comparison and mute rules.
 */
export function CloudIntegrationsPage() {
  const connect = usePermission('cloud', 'create');
  const disconnect = usePermission('cloud', 'delete');
  const execute = usePermission('cloud', 'execute');
  const mute = usePermission('cloud', 'update');
  const connections = useCloudConnections();
  const scans = useCloudScans();
  const list = scans.data?.scans ?? [];
  const followBatch = useScanBatchToast(list);
  const loadError = connections.error ?? scans.error;

  return (
    <div className="min-w-0 space-y-6">
      <PageHeader
        icon={Cloud}
        title={CLOUD_PAGE_TITLE}
        subtitle={SUBTITLE}
        actions={
          <RunScanButton
            connected={hasConnectedProvider(connections.data?.connections ?? [])}
            allowed={execute.allowed}
            deniedReason={execute.reason}
            onStarted={followBatch}
          />
        }
      />
      {loadError && (
        <p className="text-sm text-destructive" role="alert">
          {errorMessage(loadError)}
        </p>
      )}
      {connections.isPending ? (
        <Skeleton className="h-40 w-full" />
      ) : (
        <ProviderCards
          connections={connections.data?.connections ?? []}
          canDisconnect={disconnect.allowed}
        />
      )}
      {connect.allowed && <CredentialsForm />}
      <ScanProgressList scans={activeScans(list)} canCancel={execute.allowed} />
      <ResultTabs results={latestResults(list)} canManageMutes={mute.allowed} />
    </div>
  );
}
