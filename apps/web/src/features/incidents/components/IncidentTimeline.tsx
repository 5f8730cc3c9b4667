import type { TIncidentEvent, TIncidentStatusChange } from '@netguard/contracts';
import { SeverityBadge } from '@/features/scans/components/SeverityBadge';
import { formatDateTime } from '@/lib/format';

type Props = { events: TIncidentEvent[]; history: TIncidentStatusChange[] };

/** The incident's security events and status changes, oldest first. */
export function IncidentTimeline({ events, history }: Props) {
  return (
    <section className="space-y-2">
      <h3 className="font-semibold">Timeline</h3>
      <ol className="space-y-2 border-l pl-4 text-sm">
        {history.map((h) => (
          <li key={`${h.status}-${h.changed_at}`}>
            <span className="text-muted-foreground">{formatDateTime(h.changed_at)}</span> Status{' '}
            <strong>{h.status}</strong>
            {h.changed_by
              ? ` by ${h.changed_by.username ?? h.changed_by.email}`
              : ' (anomaly rule)'}
          </li>
        ))}
        {events.map((e) => (
          <li key={e.id} className="flex flex-wrap items-center gap-2">
            <span className="text-muted-foreground">{formatDateTime(e.created_at)}</span>
            <SeverityBadge severity={e.severity} />
            <span className="font-mono text-xs">{e.event_type}</span>
            <span>{e.description}</span>
            {e.ip_address && <span className="text-muted-foreground">from {e.ip_address}</span>}
          </li>
        ))}
      </ol>
    </section>
  );
}
