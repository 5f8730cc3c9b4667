import type { TEvidenceRun } from '@netguard/contracts';
import { ClipboardCheck, PackageOpen, Upload } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import { PageHeader } from '@/components/PageHeader';
import { PermissionButton } from '@/components/PermissionButton';
import { Spinner } from '@/components/Spinner';
import { usePermission } from '@/features/auth/use-permission';
import {
  downloadEvidence,
  useComplianceDashboard,
  useEvidencePublicKey,
  useEvidenceRuns,
} from '@/features/compliance-evidence/api';
import { AuditorAccess } from '@/features/compliance-evidence/components/AuditorAccess';
import { CollectionRuns } from '@/features/compliance-evidence/components/CollectionRuns';
import { EvidenceRequests } from '@/features/compliance-evidence/components/EvidenceRequests';
import { EvidenceSummaryCards } from '@/features/compliance-evidence/components/EvidenceSummaryCards';
import { EvidenceTabs } from '@/features/compliance-evidence/components/EvidenceTabs';
import { PublicKeyCard } from '@/features/compliance-evidence/components/PublicKeyCard';
import { UploadEvidenceDialog } from '@/features/compliance-evidence/components/UploadEvidenceDialog';
import {
  EVIDENCE_PAGE_TITLE,
  EVIDENCE_TOASTS,
} from '@/features/compliance-evidence/evidence-labels';
import { EVIDENCE_API } from '@/features/compliance-evidence/evidence-paths';
import { useEvidenceRequests } from '@/features/compliance-evidence/requests-api';
import { useRunProgress } from '@/features/compliance-evidence/use-run-progress';
import { useLoadErrorToast } from '@/hooks/use-load-error-toast';

const SUBTITLE =
  'Evidence NetGuard collects by itself, hashed, chained and signed, in packages an auditor verifies offline.';

/**
 * Export Evidence Package, the summary cards, the signing key, collection runs, the auditors'
 * evidence requests, auditor access (admins), then the tabs
 * Frameworks, Evidence Items, Compliance Reports and Collection Schedule.
 */
export function ComplianceEvidencePage() {
  const read = usePermission('evidence', 'read');
  const exportAllowed = usePermission('evidence', 'export');
  const create = usePermission('evidence', 'create');
  const dashboard = useComplianceDashboard(read.allowed);
  const key = useEvidencePublicKey(read.allowed);
  const runs = useEvidenceRuns(read.allowed);
  const requests = useEvidenceRequests(read.allowed);
  useRunProgress(runs.data?.runs);
  useLoadErrorToast(dashboard.error, 'evidence-load-error', EVIDENCE_TOASTS.loadFailed);
  const [uploading, setUploading] = useState(false);
  const [exporting, setExporting] = useState(false);

  const exportPackage = async () => {
    setExporting(true);
    const headers = await downloadEvidence(EVIDENCE_API.export, 'evidence-package.zip', {
      method: 'POST',
      body: { format: 'zip', timestamp: new Date().toISOString() },
    });
    setExporting(false);
    // A configured time-stamping authority that failed: the package is whole, without its token.
    if (headers?.get('x-evidence-timestamp') === 'missing')
      toast.warning('Package exported without an RFC 3161 timestamp', {
        description: headers.get('x-evidence-timestamp-detail') ?? undefined,
      });
  };

  const header = (
    <PageHeader
      icon={ClipboardCheck}
      title={EVIDENCE_PAGE_TITLE}
      subtitle={SUBTITLE}
      actions={
        <div className="flex shrink-0 flex-wrap gap-2">
          <PermissionButton
            variant="outline"
            reason={create.reason}
            onClick={() => setUploading(true)}
          >
            <Upload aria-hidden="true" />
            Upload Evidence
          </PermissionButton>
          <PermissionButton
            reason={exportAllowed.reason}
            disabled={exporting}
            onClick={() => void exportPackage()}
          >
            <PackageOpen aria-hidden="true" />
            {exporting ? 'Exporting…' : 'Export Evidence Package'}
          </PermissionButton>
        </div>
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

  const activeRuns: TEvidenceRun[] = (runs.data?.runs ?? []).filter(
    (run) => run.status === 'queued' || run.status === 'running',
  );
  return (
    <div className="min-w-0 space-y-6">
      {header}
      {dashboard.isPending ? (
        <div className="flex justify-center py-16">
          <Spinner className="size-8" label="Loading compliance evidence" />
        </div>
      ) : dashboard.data ? (
        <>
          <EvidenceSummaryCards dashboard={dashboard.data} />
          <div className="grid gap-4 lg:grid-cols-2">
            {key.data && <PublicKeyCard signingKey={key.data} />}
            <CollectionRuns runs={runs.data?.runs ?? []} />
          </div>
          {requests.data && <EvidenceRequests requests={requests.data.requests} />}
          {create.allowed && <AuditorAccess />}
          <EvidenceTabs activeRuns={activeRuns} />
        </>
      ) : (
        <p className="text-sm text-destructive" role="alert">
          {EVIDENCE_TOASTS.loadFailed}
        </p>
      )}
      {!create.reason && <UploadEvidenceDialog open={uploading} onOpenChange={setUploading} />}
    </div>
  );
}
