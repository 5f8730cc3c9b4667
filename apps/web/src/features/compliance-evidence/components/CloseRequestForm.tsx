import type { TEvidenceRequest } from '@netguard/contracts';
import { useState } from 'react';
import { LabeledSelect } from '@/components/LabeledSelect';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { useEvidenceRuns } from '@/features/compliance-evidence/api';
import { describeRun } from '@/features/compliance-evidence/evidence-format';
import {
  useCloseEvidenceRequest,
  useRequirementEvidence,
} from '@/features/compliance-evidence/requests-api';
import { formatDateTime } from '@/lib/format';

const OUTCOMES = ['fulfilled', 'declined'] as const;
const OUTCOME_LABELS = { fulfilled: 'Fulfilled', declined: 'Declined' } as const;

/**
 * An admin closes an open request: fulfilled by an evidence item that serves the requirement
 * (an upload) or a completed collection run of its framework, or declined with a reason.
 */
export function CloseRequestForm({ request }: { request: TEvidenceRequest }) {
  const [outcome, setOutcome] = useState<(typeof OUTCOMES)[number]>('fulfilled');
  const [picked, setPicked] = useState<string | null>(null);
  const [reason, setReason] = useState('');
  const items = useRequirementEvidence(request.frameworkId, request.requirementId);
  const runs = useEvidenceRuns(true);
  const close = useCloseEvidenceRequest();
  const sources: Record<string, string> = {};
  for (const item of items.data?.items ?? [])
    sources[`item:${item.id}`] = `${item.title} (${formatDateTime(item.collectedAt)})`;
  for (const run of runs.data?.runs ?? [])
    if (run.status === 'completed' && (!run.frameworkId || run.frameworkId === request.frameworkId))
      sources[`run:${run.id}`] = `Run: ${describeRun(run)}`;
  const keys = Object.keys(sources);
  const source = picked && keys.includes(picked) ? picked : keys[0];
  const submit = () => {
    if (outcome === 'declined') return close.mutate({ id: request.id, body: { outcome, reason } });
    if (!source) return;
    const [kind, id] = source.split(':') as ['item' | 'run', string];
    close.mutate({
      id: request.id,
      body: kind === 'item' ? { outcome, evidenceId: id } : { outcome, runId: id },
    });
  };
  return (
    <form
      aria-label={`Close the request for ${request.requirementId}`}
      className="grid gap-3 sm:grid-cols-[10rem_1fr_auto] sm:items-end"
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
      <LabeledSelect
        id={`close-outcome-${request.id}`}
        label="Outcome"
        value={outcome}
        options={OUTCOMES}
        labels={OUTCOME_LABELS}
        onChange={setOutcome}
      />
      {outcome === 'declined' ? (
        <div className="min-w-0 space-y-2">
          <Label htmlFor={`close-reason-${request.id}`}>Reason</Label>
          <Input
            id={`close-reason-${request.id}`}
            value={reason}
            maxLength={1000}
            required
            onChange={(event) => setReason(event.target.value)}
          />
        </div>
      ) : source ? (
        <div className="min-w-0">
          <LabeledSelect
            id={`close-source-${request.id}`}
            label="Fulfilled by"
            value={source}
            options={keys}
            labels={sources}
            onChange={setPicked}
          />
        </div>
      ) : (
        <p className="text-sm text-muted-foreground">
          No evidence serves {request.requirementId} yet: upload it or collect it first.
        </p>
      )}
      <Button type="submit" disabled={close.isPending || (outcome === 'fulfilled' && !source)}>
        Close Request
      </Button>
    </form>
  );
}
