import type { TEvidenceItemView } from '@netguard/contracts';
import { CheckCheck, Download, ShieldCheck } from 'lucide-react';
import { PermissionButton } from '@/components/PermissionButton';
import { Button } from '@/components/ui/button';
import { usePermission } from '@/features/auth/use-permission';
import {
  downloadEvidence,
  useReviewEvidence,
  useValidateEvidence,
} from '@/features/compliance-evidence/api';
import { needsReview } from '@/features/compliance-evidence/evidence-format';
import { EVIDENCE_API } from '@/features/compliance-evidence/evidence-paths';

/** Download (auditors, admins), Validate (every reader), Mark Reviewed (uploads, auditors and admins). */
export function EvidenceActions({ item }: { item: TEvidenceItemView }) {
  const exportAllowed = usePermission('evidence', 'export');
  const update = usePermission('evidence', 'update');
  const validate = useValidateEvidence();
  const review = useReviewEvidence();
  return (
    <div className="flex flex-wrap gap-1">
      <PermissionButton
        size="sm"
        variant="outline"
        reason={exportAllowed.reason}
        aria-label={`Download ${item.title}`}
        onClick={() =>
          void downloadEvidence(
            EVIDENCE_API.download(item.id),
            item.file?.name ?? `evidence-${item.id}.json`,
          )
        }
      >
        <Download aria-hidden="true" />
        Download
      </PermissionButton>
      <Button
        size="sm"
        variant="ghost"
        disabled={validate.isPending}
        aria-label={`Validate ${item.title}`}
        onClick={() => validate.mutate(item.id)}
      >
        <ShieldCheck aria-hidden="true" />
        Validate
      </Button>
      {needsReview(item) && (
        <PermissionButton
          size="sm"
          variant="secondary"
          reason={update.reason}
          disabled={review.isPending}
          aria-label={`Mark ${item.title} reviewed`}
          onClick={() => review.mutate(item)}
        >
          <CheckCheck aria-hidden="true" />
          Mark Reviewed
        </PermissionButton>
      )}
    </div>
  );
}
