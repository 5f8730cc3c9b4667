import type { TCloudGap } from '@netguard/contracts';
import { TriangleAlert } from 'lucide-react';
import { groupGaps } from '@/features/cloud/scan-results';

/** Why a partial result is not a pass: the calls that failed and the checks they left unevaluated. */
export function ResultGaps({ gaps }: { gaps: readonly TCloudGap[] }) {
  const groups = groupGaps(gaps);
  const checks = new Set(groups.flatMap((group) => group.checks)).size;
  return (
    <div
      className="space-y-1 rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950"
      role="note"
      aria-label="Coverage gaps"
    >
      <p className="flex items-center gap-2 font-medium">
        <TriangleAlert className="size-4 shrink-0" aria-hidden="true" />
        Not a pass: {gaps.length} API call{gaps.length === 1 ? '' : 's'} failed, {checks} check
        {checks === 1 ? '' : 's'} not evaluated
      </p>
      <ul className="list-disc space-y-0.5 pl-6">
        {groups.map((group) => (
          <li key={`${group.service}-${group.region}`} className="break-words">
            {group.service} in {group.region}:{' '}
            {group.calls.map((call) => `${call.operation} ${call.outcome}`).join(', ')}
          </li>
        ))}
      </ul>
    </div>
  );
}
