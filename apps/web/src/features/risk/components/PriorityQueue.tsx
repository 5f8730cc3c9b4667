import type { TPriorityItem } from '@netguard/contracts';
import { ListChecks } from 'lucide-react';
import { useMemo } from 'react';
import { Link } from 'react-router';
import { OutcomeBadge } from '@/features/risk/components/RiskBadges';
import { RiskEmptyState } from '@/features/risk/components/RiskEmptyState';
import { dueText } from '@/features/risk/evidence-text';
import { orderQueue } from '@/features/risk/risk-order';
import { vulnerabilityHref, vulnerabilityLabel } from '@/features/risk/vulnerability-link';

/** The AI Prioritization tab: open vulnerabilities in working order, each linking to it. */
export function PriorityQueue({ items }: { items: readonly TPriorityItem[] }) {
  const ordered = useMemo(() => orderQueue(items), [items]);
  if (ordered.length === 0)
    return (
      <RiskEmptyState
        icon={ListChecks}
        title="Nothing to prioritize"
        hint="Open vulnerabilities appear here in the order their SSVC decisions give, with due date and owner."
      />
    );
  return (
    <ol className="divide-y rounded-xl border bg-card" data-testid="priority-queue">
      {ordered.map((item, i) => (
        <li
          key={item.vulnerability_id}
          className="grid gap-2 p-4 [overflow-wrap:anywhere] sm:grid-cols-[2rem_1fr_auto] sm:items-center"
          data-testid="priority-item"
        >
          <span className="text-sm font-semibold text-muted-foreground tabular-nums">{i + 1}</span>
          <div className="min-w-0 space-y-1">
            <Link to={vulnerabilityHref(item)} className="font-medium hover:underline">
              {vulnerabilityLabel(item)}
            </Link>
            <div className="flex flex-wrap items-center gap-2 text-xs">
              <OutcomeBadge by="Deployer" outcome={item.deployer} />
              <OutcomeBadge by="Coordinator" outcome={item.coordinator} />
              {item.cve_id && <span className="font-mono">{item.cve_id}</span>}
            </div>
            <p className="flex flex-wrap gap-x-4 text-xs text-muted-foreground">
              <span>{dueText(item.due_at)}</span>
              <span>{item.owner ? `Owner: ${item.owner}` : 'No owner set'}</span>
            </p>
          </div>
          <p className="text-sm font-semibold tabular-nums sm:text-right">
            Score {Math.round(item.riskScore)}
          </p>
        </li>
      ))}
    </ol>
  );
}
