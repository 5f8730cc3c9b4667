import type { TThreatMitigationAction } from '@netguard/contracts';
import { Badge } from '@/components/ui/badge';

/** The stored mitigation steps of a finding. */
export function MitigationActions({ actions }: { actions: readonly TThreatMitigationAction[] }) {
  if (actions.length === 0) return null;
  return (
    <section className="space-y-2">
      <h4 className="text-sm font-semibold">Mitigation actions</h4>
      <ol className="space-y-2">
        {actions.map((action) => (
          <li key={action.id} className="rounded-md border bg-background p-3 text-sm">
            <div className="flex flex-wrap items-center gap-2">
              <span className="font-medium">{action.title}</span>
              <Badge variant="outline" className="capitalize">
                {action.priority}
              </Badge>
              <Badge variant="secondary" className="capitalize">
                {action.status.replace('_', ' ')}
              </Badge>
              {action.estimated_time !== null && (
                <span className="text-xs text-muted-foreground">~{action.estimated_time} min</span>
              )}
            </div>
            {action.description && action.description !== action.title && (
              <p className="mt-1 text-muted-foreground">{action.description}</p>
            )}
            {action.instructions.length > 0 && (
              <ol className="mt-2 list-decimal space-y-1 pl-5">
                {action.instructions.map((step) => (
                  <li key={step}>{step}</li>
                ))}
              </ol>
            )}
          </li>
        ))}
      </ol>
    </section>
  );
}
