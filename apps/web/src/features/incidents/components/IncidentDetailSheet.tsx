import { Loader2 } from 'lucide-react';
import {
  Sheet,
  SheetContent,
  SheetDescription,
  SheetHeader,
  SheetTitle,
} from '@/components/ui/sheet';
import { useIncident } from '@/features/incidents/api';
import { IncidentStatusBadge } from '@/features/incidents/components/IncidentBadges';
import { IncidentControls } from '@/features/incidents/components/IncidentControls';
import { IncidentNotes } from '@/features/incidents/components/IncidentNotes';
import { IncidentTimeline } from '@/features/incidents/components/IncidentTimeline';
import { SeverityBadge } from '@/features/scans/components/SeverityBadge';
import { formatDateTime } from '@/lib/format';

/** One incident in a side sheet: status and assignee, timeline of events, notes, status history. */
export function IncidentDetailSheet({ id, onClose }: { id: string | null; onClose: () => void }) {
  const detail = useIncident(id);
  const incident = detail.data;
  return (
    <Sheet open={id !== null} onOpenChange={(open) => !open && onClose()}>
      <SheetContent className="w-full overflow-y-auto sm:max-w-xl">
        <SheetHeader>
          <SheetTitle>{incident?.title ?? 'Security incident'}</SheetTitle>
          <SheetDescription>
            {incident ? `Opened ${formatDateTime(incident.created_at)}` : 'Loading…'}
          </SheetDescription>
        </SheetHeader>
        {detail.isError && <p className="px-4 text-destructive">{detail.error.message}</p>}
        {!incident && !detail.isError && (
          <Loader2 className="mx-auto size-6 animate-spin" aria-hidden="true" />
        )}
        {incident && (
          <div className="space-y-6 px-4 pb-6">
            <div className="flex gap-2">
              <IncidentStatusBadge status={incident.status} />
              <SeverityBadge severity={incident.severity} />
            </div>
            <IncidentControls incident={incident} />
            <IncidentTimeline events={incident.events} history={incident.history} />
            <IncidentNotes incidentId={incident.id} notes={incident.notes} />
          </div>
        )}
      </SheetContent>
    </Sheet>
  );
}
