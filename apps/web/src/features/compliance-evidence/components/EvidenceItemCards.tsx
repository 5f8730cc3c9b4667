import type { TEvidenceItemView } from '@netguard/contracts';
import { EvidenceActions } from '@/features/compliance-evidence/components/EvidenceActions';
import { EvidenceStatusBadge } from '@/features/compliance-evidence/components/EvidenceBadges';
import {
  formatEvidenceType,
  formatFrameworks,
} from '@/features/compliance-evidence/evidence-format';
import { formatDateTime } from '@/lib/format';

/** The Evidence Items table's rows as stacked cards, for phone widths. */
export function EvidenceItemCards({ items }: { items: TEvidenceItemView[] }) {
  return (
    <ul className="space-y-3" aria-label="Evidence items">
      {items.map((item) => (
        <li
          key={item.id}
          className="space-y-2 rounded-md border p-3 text-sm"
          data-testid="evidence-card"
        >
          <div className="flex items-start justify-between gap-2">
            <div className="min-w-0">
              <div className="text-xs text-muted-foreground">{formatEvidenceType(item.type)}</div>
              <div className="font-medium break-words">{item.title}</div>
            </div>
            <EvidenceStatusBadge status={item.status} />
          </div>
          <div className="text-xs break-words text-muted-foreground">
            {formatFrameworks(item)} · {item.requirementIds.join(', ')}
          </div>
          <dl className="grid grid-cols-[auto_1fr] gap-x-2 text-xs">
            <dt className="text-muted-foreground">Collected</dt>
            <dd>{formatDateTime(item.collectedAt)}</dd>
            <dt className="text-muted-foreground">Observed</dt>
            <dd>{formatDateTime(item.observedAt)}</dd>
            <dt className="text-muted-foreground">Expires</dt>
            <dd>{formatDateTime(item.expiresAt)}</dd>
          </dl>
          <code className="block truncate font-mono text-[11px] text-muted-foreground">
            sha256 {item.contentHash}
          </code>
          <EvidenceActions item={item} />
        </li>
      ))}
    </ul>
  );
}
