import type { TExecution } from '@netguard/contracts';
import { ExecutionStatusBadge } from '@/features/remediation/components/RemediationBadges';
import { formatDateTime } from '@/lib/format';

/** Every transition: when, to which state, by whom and why. */
export function StatusTimeline({
  transitions,
  people,
}: Pick<TExecution, 'transitions' | 'people'>) {
  return (
    <section className="min-w-0 space-y-2" aria-label="Status timeline">
      <h3 className="text-sm font-semibold">Status timeline</h3>
      <ol className="space-y-2 border-l pl-4 text-sm">
        {transitions.map((transition) => (
          <li
            key={`${transition.at}-${transition.status}`}
            className="relative min-w-0"
            data-testid="execution-transition"
          >
            <span className="absolute top-1.5 -left-[21px] size-2.5 rounded-full bg-primary" />
            <div className="flex flex-wrap items-center gap-2">
              <ExecutionStatusBadge status={transition.status} testId="transition-status" />
              <time className="text-xs text-muted-foreground" dateTime={transition.at}>
                {formatDateTime(transition.at)}
              </time>
              {transition.by && (
                <span className="text-xs">by {people[transition.by] ?? transition.by}</span>
              )}
            </div>
            {transition.note && (
              <p className="mt-1 break-words text-muted-foreground">{transition.note}</p>
            )}
          </li>
        ))}
      </ol>
    </section>
  );
}
