import type {
  MITIGATION_URGENCIES,
  SSVC_COORDINATOR_OUTCOMES,
  SSVC_DEPLOYER_OUTCOMES,
} from '@netguard/contracts';
import { SSVC_OUTCOME_LABELS } from '@netguard/contracts';
import { Badge } from '@/components/ui/badge';
import { cn } from '@/lib/utils';

type TUrgency = (typeof MITIGATION_URGENCIES)[number];
type TOutcome =
  | (typeof SSVC_COORDINATOR_OUTCOMES)[number]
  | (typeof SSVC_DEPLOYER_OUTCOMES)[number];

const URGENCY_CLASS: Record<TUrgency, string> = {
  immediate: 'bg-red-600 text-white',
  urgent: 'bg-orange-500 text-white',
  moderate: 'bg-slate-100 text-slate-700',
};

const OUTCOME_CLASS: Record<TOutcome, string> = {
  act: 'bg-red-600 text-white',
  immediate: 'bg-red-600 text-white',
  attend: 'bg-orange-500 text-white',
  out_of_cycle: 'bg-orange-500 text-white',
  track_star: 'bg-amber-100 text-amber-800',
  scheduled: 'bg-amber-100 text-amber-800',
  track: 'bg-slate-100 text-slate-700',
  defer: 'bg-slate-100 text-slate-700',
};

/** The assessment's mitigation urgency (immediate, urgent, moderate). */
export function UrgencyBadge({ urgency }: { urgency: TUrgency }) {
  return (
    <Badge className={cn('border-transparent capitalize', URGENCY_CLASS[urgency])}>{urgency}</Badge>
  );
}

type OutcomeProps = { by: 'Coordinator' | 'Deployer'; outcome: TOutcome | null };

/** An SSVC outcome with the table it came from: "Deployer: Immediate", or "no decision". */
export function OutcomeBadge({ by, outcome }: OutcomeProps) {
  if (!outcome)
    return (
      <Badge variant="outline" className="text-muted-foreground" data-outcome="none">
        {by}: no decision
      </Badge>
    );
  return (
    <Badge className={cn('border-transparent', OUTCOME_CLASS[outcome])} data-outcome={outcome}>
      {by}: {SSVC_OUTCOME_LABELS[outcome]}
    </Badge>
  );
}
