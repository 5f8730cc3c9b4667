import type { TIncidentNote } from '@netguard/contracts';
import { useState } from 'react';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { usePermission } from '@/features/auth/use-permission';
import { useAddIncidentNote } from '@/features/incidents/api';
import { formatDateTime } from '@/lib/format';

/** The incident's notes and a form to add one. */
export function IncidentNotes({
  incidentId,
  notes,
}: {
  incidentId: string;
  notes: TIncidentNote[];
}) {
  const { allowed, reason } = usePermission('incident', 'update');
  const add = useAddIncidentNote();
  const [text, setText] = useState('');
  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    add.mutate(
      { id: incidentId, text },
      {
        onSuccess: () => setText(''),
        onError: (error) => toast.error('Error adding note', { description: error.message }),
      },
    );
  };
  return (
    <section className="space-y-2">
      <h3 className="font-semibold">Notes</h3>
      {notes.length === 0 && <p className="text-sm text-muted-foreground">No notes yet.</p>}
      <ul className="space-y-2 text-sm">
        {notes.map((n) => (
          <li key={n.id} className="rounded border p-2">
            <p className="whitespace-pre-wrap">{n.text}</p>
            <p className="text-xs text-muted-foreground">
              {n.author ? (n.author.username ?? n.author.email) : 'Deleted user'} ·{' '}
              {formatDateTime(n.created_at)}
            </p>
          </li>
        ))}
      </ul>
      <form onSubmit={submit} className="space-y-2">
        <label htmlFor="incident-note" className="sr-only">
          Add a note
        </label>
        <textarea
          id="incident-note"
          className="min-h-20 w-full rounded-md border bg-transparent p-2 text-sm"
          placeholder="Add a note"
          maxLength={5000}
          value={text}
          disabled={!allowed}
          title={reason ?? undefined}
          onChange={(e) => setText(e.target.value)}
        />
        <Button
          type="submit"
          size="sm"
          disabled={!allowed || add.isPending || text.trim() === ''}
          title={reason ?? undefined}
        >
          Add note
        </Button>
      </form>
    </section>
  );
}
