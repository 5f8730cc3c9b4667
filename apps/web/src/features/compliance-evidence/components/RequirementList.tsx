import type { TComplianceFrameworkId, TRequirementView } from '@netguard/contracts';
import { RefreshCw } from 'lucide-react';
import { PermissionButton } from '@/components/PermissionButton';
import { usePermission } from '@/features/auth/use-permission';
import { useCollectEvidence } from '@/features/compliance-evidence/api';
import {
  CoverageBadge,
  RequirementStatusBadge,
} from '@/features/compliance-evidence/components/EvidenceBadges';

/** Each requirement with its derived status, the reason, its coverage class and what is missing. */
export function RequirementList({
  frameworkId,
  requirements,
}: {
  frameworkId: TComplianceFrameworkId;
  requirements: TRequirementView[];
}) {
  const execute = usePermission('evidence', 'execute');
  const collect = useCollectEvidence();
  return (
    <ul className="divide-y rounded-md border" aria-label="Requirements">
      {requirements.map((r) => (
        <li key={r.id} className="space-y-1 p-3" data-testid="requirement" data-id={r.id}>
          <div className="flex flex-wrap items-center gap-2">
            <span className="font-mono text-xs font-semibold">{r.id}</span>
            <span className="min-w-0 text-sm font-medium break-words">{r.title}</span>
            {r.hipaaImplementation && (
              <span className="text-xs text-muted-foreground">({r.hipaaImplementation})</span>
            )}
          </div>
          <div className="flex flex-wrap items-center gap-2">
            <RequirementStatusBadge status={r.status} />
            <CoverageBadge coverage={r.coverage} />
            {r.collectorIds.length > 0 && (
              <PermissionButton
                size="sm"
                variant="ghost"
                className="h-7"
                reason={execute.reason}
                disabled={collect.isPending}
                aria-label={`Collect evidence for ${r.id}`}
                onClick={() => collect.mutate({ frameworkId, requirementId: r.id })}
              >
                <RefreshCw aria-hidden="true" />
                Collect
              </PermissionButton>
            )}
          </div>
          <p className="text-xs text-muted-foreground break-words">{r.reason}</p>
          {r.missing.length > 0 && (
            <p className="text-xs break-words">
              <span className="font-medium">Missing: </span>
              {r.missing.join(', ')}
            </p>
          )}
        </li>
      ))}
    </ul>
  );
}
