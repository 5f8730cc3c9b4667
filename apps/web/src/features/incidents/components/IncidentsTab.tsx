import { INCIDENT_TEXT } from '@netguard/contracts';
import { Loader2 } from 'lucide-react';
import { useState } from 'react';
import { Alert, AlertDescription } from '@/components/ui/alert';
import { usePermission } from '@/features/auth/use-permission';
import { useIncidents } from '@/features/incidents/api';
import { IncidentDetailSheet } from '@/features/incidents/components/IncidentDetailSheet';
import { IncidentRow } from '@/features/incidents/components/IncidentRow';
import { MergeBar } from '@/features/incidents/components/MergeBar';

/**
 * The Security Incidents tab of the Enterprise Security Center: the 10 newest incidents; one
 * opens in a sheet with its timeline, notes, status, assignee. Several can be merged into one.
 */
export function IncidentsTab() {
  const read = usePermission('incident', 'read');
  const update = usePermission('incident', 'update');
  const incidents = useIncidents();
  const [openId, setOpenId] = useState<string | null>(null);
  const [selected, setSelected] = useState<string[]>([]);

  if (!read.allowed)
    return (
      <Alert>
        <AlertDescription>{read.reason}</AlertDescription>
      </Alert>
    );
  if (incidents.isPending)
    return (
      <div className="flex justify-center p-6" role="status" aria-label="Loading incidents">
        <Loader2 className="size-6 animate-spin" aria-hidden="true" />
      </div>
    );
  if (incidents.isError)
    return (
      <Alert variant="destructive">
        <AlertDescription>{incidents.error.message}</AlertDescription>
      </Alert>
    );
  const list = incidents.data;
  if (list.length === 0)
    return <p className="p-6 text-center text-muted-foreground">{INCIDENT_TEXT.empty}</p>;

  const toggle = (id: string) =>
    setSelected((ids) => (ids.includes(id) ? ids.filter((x) => x !== id) : [...ids, id]));
  return (
    <div className="space-y-3">
      <MergeBar
        incidents={list}
        selected={selected}
        permission={update}
        onMerged={() => setSelected([])}
      />
      <ul className="space-y-2" aria-label="Security incidents">
        {list.map((incident) => (
          <IncidentRow
            key={incident.id}
            incident={incident}
            selected={selected.includes(incident.id)}
            selectable={update.allowed}
            onToggle={() => toggle(incident.id)}
            onOpen={() => setOpenId(incident.id)}
          />
        ))}
      </ul>
      <IncidentDetailSheet id={openId} onClose={() => setOpenId(null)} />
    </div>
  );
}
