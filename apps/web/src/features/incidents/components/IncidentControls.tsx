import { INCIDENT_STATUSES, type TIncidentDetail, type TIncidentStatus } from '@netguard/contracts';
import { toast } from 'sonner';
import { Label } from '@/components/ui/label';
import {
  Select,
  SelectContent,
  SelectItem,
  SelectTrigger,
  SelectValue,
} from '@/components/ui/select';
import { usePermission } from '@/features/auth/use-permission';
import { useIncidentAssignees, useUpdateIncident } from '@/features/incidents/api';

const UNASSIGNED = 'unassigned';

/** Status and assignee selectors, disabled with the reason when the role cannot change them. */
export function IncidentControls({ incident }: { incident: TIncidentDetail }) {
  const { allowed, reason } = usePermission('incident', 'update');
  const merged = incident.merged_into !== null;
  const assignees = useIncidentAssignees(allowed && !merged);
  const update = useUpdateIncident();
  const disabled = !allowed || merged || update.isPending;
  const why = merged ? 'This incident was merged into another one' : (reason ?? undefined);
  const change = (body: { status?: TIncidentStatus; assignee_id?: string | null }) =>
    update.mutate(
      { id: incident.id, body },
      {
        onSuccess: () => toast.success('Incident updated'),
        onError: (error) => toast.error('Error updating incident', { description: error.message }),
      },
    );
  const people = assignees.data ?? (incident.assignee ? [incident.assignee] : []);
  return (
    <div className="grid gap-4 sm:grid-cols-2" title={why}>
      <div className="space-y-1">
        <Label htmlFor="incident-status">Status</Label>
        <Select
          value={incident.status}
          disabled={disabled}
          onValueChange={(status) => change({ status: status as TIncidentStatus })}
        >
          <SelectTrigger id="incident-status" className="w-full">
            <SelectValue />
          </SelectTrigger>
          <SelectContent>
            {INCIDENT_STATUSES.map((s) => (
              <SelectItem key={s} value={s} className="capitalize">
                {s}
              </SelectItem>
            ))}
          </SelectContent>
        </Select>
      </div>
      <div className="space-y-1">
        <Label htmlFor="incident-assignee">Assignee</Label>
        <Select
          value={incident.assignee?.user_id ?? UNASSIGNED}
          disabled={disabled}
          onValueChange={(v) => change({ assignee_id: v === UNASSIGNED ? null : v })}
        >
          <SelectTrigger id="incident-assignee" className="w-full">
            <SelectValue />
          </SelectTrigger>
          <SelectContent>
            <SelectItem value={UNASSIGNED}>Unassigned</SelectItem>
            {people.map((p) => (
              <SelectItem key={p.user_id} value={p.user_id}>
                {p.username ?? p.email}
              </SelectItem>
            ))}
          </SelectContent>
        </Select>
      </div>
      {why && <p className="text-xs text-muted-foreground sm:col-span-2">{why}</p>}
    </div>
  );
}
