import type { TRemediationAction } from '@netguard/contracts';
import { Spinner } from '@/components/Spinner';
import { RiskBadge } from '@/features/remediation/components/RemediationBadges';
import { AUTOMATION_LABELS, MANUAL_ACTION_REASON } from '@/features/remediation/remediation-labels';

type Props = {
  actions: TRemediationAction[] | undefined;
  value: string | null;
  onChange: (id: string) => void;
};

/** The actions that fix the finding, one to pick; manual ones are listed but cannot be run. */
export function ActionChoice({ actions, value, onChange }: Props) {
  if (!actions) return <Spinner className="size-5" label="Loading remediation actions" />;
  if (actions.length === 0)
    return (
      <p className="text-sm text-muted-foreground" role="status">
        No remediation action in the catalogue fixes this finding.
      </p>
    );
  return (
    <fieldset className="min-w-0 space-y-1">
      <legend className="mb-1 text-sm font-medium">Action</legend>
      {actions.map((action) => {
        const manual = action.automationLevel === 'manual_guided';
        return (
          <label
            key={action.id}
            className="flex cursor-pointer items-start gap-2 rounded-md border p-2 text-sm has-[:checked]:border-primary has-[:disabled]:cursor-not-allowed has-[:disabled]:opacity-60"
            title={manual ? MANUAL_ACTION_REASON : undefined}
          >
            <input
              type="radio"
              name="remediation-action"
              aria-label={action.name}
              className="mt-1"
              checked={value === action.id}
              disabled={manual}
              onChange={() => onChange(action.id)}
            />
            <span className="min-w-0 space-y-1 break-words">
              <span className="flex flex-wrap items-center gap-2">
                <span className="font-medium">{action.name}</span>
                <RiskBadge risk={action.riskLevel} />
              </span>
              <span className="block text-xs text-muted-foreground">
                {AUTOMATION_LABELS[action.automationLevel]} · {action.estimatedTime} min
              </span>
            </span>
          </label>
        );
      })}
    </fieldset>
  );
}
