import type { TThreatMitigationAction } from '@netguard/contracts';
import { ACTION_STATUS_VALUES } from '@netguard/contracts';
import { Badge } from '@/components/ui/badge';
import {
  Select,
  SelectContent,
  SelectItem,
  SelectTrigger,
  SelectValue,
} from '@/components/ui/select';
import { useSetActionStatus } from '@/features/vulnerabilities/api';

const STATUS_LABEL: Record<TThreatMitigationAction['status'], string> = {
  pending: 'Pending',
  in_progress: 'In Progress',
  completed: 'Completed',
  dismissed: 'Dismissed',
};

/** Each action with its priority, type, time and steps, and a selector for its status. */
export function MitigationTab({ actions }: { actions: readonly TThreatMitigationAction[] }) {
  const setStatus = useSetActionStatus();
  if (actions.length === 0)
    return <p className="text-sm text-muted-foreground">No mitigation actions for this finding.</p>;
  return (
    <ol className="space-y-3">
      {actions.map((action) => (
        <li
          key={action.id}
          className="rounded-md border p-3 text-sm"
          data-testid="mitigation-action"
        >
          <div className="flex flex-wrap items-center gap-2">
            <Badge variant="outline" className="capitalize">
              {action.priority}
            </Badge>
            <Badge variant="secondary">{action.action_type}</Badge>
            <span className="font-medium">{action.title}</span>
            <Select
              value={action.status}
              disabled={setStatus.isPending}
              onValueChange={(status) =>
                setStatus.mutate({
                  id: action.id,
                  status: status as TThreatMitigationAction['status'],
                })
              }
            >
              <SelectTrigger aria-label={`Status of ${action.title}`} className="ml-auto h-8 w-36">
                <SelectValue />
              </SelectTrigger>
              <SelectContent>
                {ACTION_STATUS_VALUES.map((status) => (
                  <SelectItem key={status} value={status}>
                    {STATUS_LABEL[status]}
                  </SelectItem>
                ))}
              </SelectContent>
            </Select>
          </div>
          {action.description && action.description !== action.title && (
            <p className="mt-2 text-muted-foreground">{action.description}</p>
          )}
          {action.estimated_time !== null && (
            <p className="mt-1 text-xs text-muted-foreground">
              Estimated time: {action.estimated_time} minutes
            </p>
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
  );
}
