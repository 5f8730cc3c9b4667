import type { TRiskAssessment } from '@netguard/contracts';
import { ArrowDown } from 'lucide-react';
import { OutcomeBadge } from '@/features/risk/components/RiskBadges';

/**
 * The SSVC decision path: each decision point with its value and why, in the order the tables
 * read them, ending in the coordinator and deployer outcomes.
 */
export function DecisionPath({ ssvc }: { ssvc: TRiskAssessment['ssvc'] }) {
  return (
    <ol className="space-y-1" data-testid="decision-path">
      {ssvc.path.map((step) => (
        <li key={step.point} className="space-y-1" data-testid="decision-step">
          <div className="rounded-lg border bg-muted/30 px-3 py-2 text-sm">
            <p className="flex flex-wrap items-baseline gap-x-2">
              <span className="font-medium">{step.point}</span>
              <span className="rounded bg-background px-1.5 font-mono text-xs">{step.value}</span>
            </p>
            <p className="text-xs text-muted-foreground">{step.reason}</p>
          </div>
          <ArrowDown className="mx-auto size-4 text-muted-foreground" aria-hidden="true" />
        </li>
      ))}
      <li className="flex flex-wrap gap-2" data-testid="decision-outcome">
        <OutcomeBadge by="Coordinator" outcome={ssvc.coordinator} />
        <OutcomeBadge by="Deployer" outcome={ssvc.deployer} />
      </li>
    </ol>
  );
}
