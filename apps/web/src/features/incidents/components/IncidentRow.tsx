import type { TIncident } from '@netguard/contracts';
import {
  IncidentSeverityIcon,
  IncidentStatusBadge,
} from '@/features/incidents/components/IncidentBadges';
import { SeverityBadge } from '@/features/scans/components/SeverityBadge';
import { formatDateTime } from '@/lib/format';

type Props = {
  incident: TIncident;
  selected: boolean;
  selectable: boolean;
  onToggle: () => void;
  onOpen: () => void;
};

/** One incident of the list: severity icon, title, created date, status and severity badges. */
export function IncidentRow({ incident, selected, selectable, onToggle, onOpen }: Props) {
  return (
    <li className="flex items-center gap-3 rounded-lg border p-3" data-incident-id={incident.id}>
      {selectable && (
        <input
          type="checkbox"
          className="size-4"
          checked={selected}
          onChange={onToggle}
          aria-label={`Select ${incident.title} for merging`}
        />
      )}
      <IncidentSeverityIcon severity={incident.severity} />
      <button type="button" className="min-w-0 flex-1 text-left" onClick={onOpen}>
        <span className="block truncate font-medium hover:underline">{incident.title}</span>
        <span className="block text-xs text-muted-foreground">
          {formatDateTime(incident.created_at)} · {incident.event_count} events
          {incident.assignee ? ` · ${incident.assignee.username ?? incident.assignee.email}` : ''}
        </span>
      </button>
      <IncidentStatusBadge status={incident.status} />
      <SeverityBadge severity={incident.severity} />
    </li>
  );
}
