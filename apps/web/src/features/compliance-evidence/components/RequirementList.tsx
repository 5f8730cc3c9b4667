import type { TRequirementView } from '@netguard/contracts';
import {
  CoverageBadge,
  RequirementStatusBadge,
} from '@/features/compliance-evidence/components/EvidenceBadges';

/** Each requirement with its derived status, the reason, its coverage class and what is missing. */
export function RequirementList({ requirements }: { requirements: TRequirementView[] }) {
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
