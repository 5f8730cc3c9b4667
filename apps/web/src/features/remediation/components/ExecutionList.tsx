import type { TExecution } from '@netguard/contracts';
import { ChevronRight } from 'lucide-react';
import {
  BatchBadge,
  ExecutionStatusBadge,
} from '@/features/remediation/components/RemediationBadges';
import { formatDateTime } from '@/lib/format';

type Props = { executions: TExecution[]; onOpen: (id: string) => void; label: string };

/** Executions as rows; each opens its detail. */
export function ExecutionList({ executions, onOpen, label }: Props) {
  return (
    <ul className="divide-y rounded-md border" aria-label={label}>
      {executions.map((e) => (
        <li key={e.id}>
          <button
            type="button"
            className="flex w-full min-w-0 items-center gap-3 p-3 text-left text-sm hover:bg-accent focus-visible:outline-2 focus-visible:outline-ring"
            onClick={() => onOpen(e.id)}
            aria-label={`${e.actionName} on ${e.target}`}
            data-testid="execution-row"
            data-status={e.status}
          >
            <span className="min-w-0 flex-1 space-y-1">
              <span className="flex flex-wrap items-center gap-2">
                <span className="font-medium break-words">{e.actionName}</span>
                <ExecutionStatusBadge status={e.status} testId="execution-row-status" />
                {e.batchId && <BatchBadge batchId={e.batchId} />}
              </span>
              <span className="block font-mono text-xs break-all text-muted-foreground">
                {e.target}
              </span>
              <span className="block text-xs text-muted-foreground">
                {e.vulnerabilityTitle ? `${e.vulnerabilityTitle} · ` : ''}
                {formatDateTime(e.createdAt)}
              </span>
            </span>
            <ChevronRight className="size-4 shrink-0 text-muted-foreground" aria-hidden="true" />
          </button>
        </li>
      ))}
    </ul>
  );
}
