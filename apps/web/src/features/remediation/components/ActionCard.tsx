import type { TRemediationAction } from '@netguard/contracts';
import { Clock, Play } from 'lucide-react';
import { PermissionButton } from '@/components/PermissionButton';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { RiskBadge } from '@/features/remediation/components/RemediationBadges';
import {
  ACTION_TYPE_LABELS,
  AUTOMATION_LABELS,
  MANUAL_ACTION_REASON,
} from '@/features/remediation/remediation-labels';

type Props = {
  action: TRemediationAction;
  /** Why the role may not start a remediation, or null. */
  deniedReason: string | null;
  onExecute: (action: TRemediationAction) => void;
  onDetails: (action: TRemediationAction) => void;
};

/** One catalogue action: what it does, how automated and risky, how long; Execute and details. */
export function ActionCard({ action, deniedReason, onExecute, onDetails }: Props) {
  const reason = action.automationLevel === 'manual_guided' ? MANUAL_ACTION_REASON : deniedReason;
  return (
    <Card
      className="min-w-0 gap-3"
      aria-label={action.name}
      data-testid="remediation-action"
      data-action-id={action.id}
    >
      <CardHeader className="gap-2">
        <div className="flex flex-wrap items-start justify-between gap-2">
          <CardTitle className="min-w-0 text-base [overflow-wrap:anywhere]">
            {action.name}
          </CardTitle>
          <RiskBadge risk={action.riskLevel} />
        </div>
        <p className="text-sm [overflow-wrap:anywhere] text-muted-foreground">
          {action.description}
        </p>
      </CardHeader>
      <CardContent className="space-y-3">
        <dl className="flex flex-wrap gap-x-4 gap-y-1 text-sm">
          <div className="flex gap-1">
            <dt className="text-muted-foreground">Type:</dt>
            <dd>{ACTION_TYPE_LABELS[action.type]}</dd>
          </div>
          <div className="flex gap-1">
            <dt className="text-muted-foreground">Automation:</dt>
            <dd>{AUTOMATION_LABELS[action.automationLevel]}</dd>
          </div>
          <div className="flex items-center gap-1">
            <dt>
              <Clock className="size-3.5 text-muted-foreground" aria-label="Estimated time" />
            </dt>
            <dd>{action.estimatedTime} min</dd>
          </div>
        </dl>
        <div className="flex flex-wrap gap-2">
          <PermissionButton size="sm" reason={reason} onClick={() => onExecute(action)}>
            <Play aria-hidden="true" />
            Execute
          </PermissionButton>
          <Button size="sm" variant="outline" onClick={() => onDetails(action)}>
            View Details
          </Button>
        </div>
      </CardContent>
    </Card>
  );
}
