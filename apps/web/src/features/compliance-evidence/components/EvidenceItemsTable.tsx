import type { TEvidenceItemView } from '@netguard/contracts';
import { EvidenceActions } from '@/features/compliance-evidence/components/EvidenceActions';
import { EvidenceStatusBadge } from '@/features/compliance-evidence/components/EvidenceBadges';
import { EvidenceItemCards } from '@/features/compliance-evidence/components/EvidenceItemCards';
import {
  formatEvidenceType,
  formatFrameworks,
} from '@/features/compliance-evidence/evidence-format';
import { formatCount, formatDateTime } from '@/lib/format';

const HEAD = 'px-3 py-2 text-left text-xs font-medium text-muted-foreground';

/**
 * The spec's table (Type, Title, Framework, Status, Collected, Actions/Download), with the time
 * the fact was observed shown apart from the time it was collected or uploaded.
 */
export function EvidenceItemsTable({
  items,
  total,
}: {
  items: TEvidenceItemView[];
  total: number;
}) {
  if (items.length === 0)
    return (
      <p className="rounded-md border p-6 text-center text-sm text-muted-foreground">
        No evidence yet. Collect Evidence on a framework, or upload a policy.
      </p>
    );
  return (
    <div className="space-y-2">
      <div className="lg:hidden">
        <EvidenceItemCards items={items} />
      </div>
      <div className="hidden overflow-x-auto rounded-md border lg:block">
        <table className="w-full min-w-[860px] text-sm">
          <thead className="border-b bg-muted/40">
            <tr>
              <th className={HEAD}>Type</th>
              <th className={HEAD}>Title</th>
              <th className={HEAD}>Framework</th>
              <th className={HEAD}>Status</th>
              <th className={HEAD}>Collected</th>
              <th className={HEAD}>Actions</th>
            </tr>
          </thead>
          <tbody className="divide-y">
            {items.map((item) => (
              <tr key={item.id} data-testid="evidence-row" data-evidence-id={item.id}>
                <td className="px-3 py-2 align-top whitespace-nowrap">
                  {formatEvidenceType(item.type)}
                </td>
                <td className="max-w-80 px-3 py-2 align-top">
                  <div className="font-medium break-words">{item.title}</div>
                  <div className="text-xs text-muted-foreground break-words">
                    {item.requirementIds.join(', ')}
                  </div>
                  <code
                    className="block truncate font-mono text-[11px] text-muted-foreground"
                    title={item.contentHash}
                  >
                    sha256 {item.contentHash}
                  </code>
                </td>
                <td className="px-3 py-2 align-top">{formatFrameworks(item)}</td>
                <td className="px-3 py-2 align-top">
                  <EvidenceStatusBadge status={item.status} />
                  {item.reviewedAt && (
                    <div className="mt-1 text-xs text-muted-foreground">
                      Reviewed {formatDateTime(item.reviewedAt)}
                    </div>
                  )}
                </td>
                <td className="px-3 py-2 align-top text-xs whitespace-nowrap">
                  <div data-testid="evidence-collected">{formatDateTime(item.collectedAt)}</div>
                  <div className="text-muted-foreground" data-testid="evidence-observed">
                    Observed {formatDateTime(item.observedAt)}
                  </div>
                  <div className="text-muted-foreground">
                    Expires {formatDateTime(item.expiresAt)}
                  </div>
                </td>
                <td className="px-3 py-2 align-top">
                  <EvidenceActions item={item} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {total > items.length && (
        <p className="text-xs text-muted-foreground">
          The newest {formatCount(items.length)} of {formatCount(total)} items.
        </p>
      )}
    </div>
  );
}
