import { Loader2 } from 'lucide-react';
import { useState } from 'react';
import { ModalDialog } from '@/components/ModalDialog';
import { Button } from '@/components/ui/button';
import { FormField } from '@/features/auth/components/FormField';
import { useBatchVulnerabilities, useScheduleBatch } from '@/features/remediation/batch-api';
import { batchRequest, defaultBatchForm, type TBatchForm } from '@/features/remediation/batch-form';
import { BatchVulnerabilityPicker } from '@/features/remediation/components/BatchVulnerabilityPicker';
import { errorMessage } from '@/lib/api-client';

type Props = {
  open: boolean;
  onClose: () => void;
  /** The policy's blast radius, used when Max hosts per run is left empty. */
  policyMaxHosts: number;
};

/** Schedule Batch: open findings remediated in waves within a time window. */
export function ScheduleBatchDialog({ open, onClose, policyMaxHosts }: Props) {
  return (
    <ModalDialog
      open={open}
      onOpenChange={(next) => !next && onClose()}
      title="Schedule Batch"
      description="Scheduling approves each finding's best automated action; the batch runs in waves of at most the hosts per run, inside the window."
    >
      {open && <ScheduleBatchForm onDone={onClose} policyMaxHosts={policyMaxHosts} />}
    </ModalDialog>
  );
}

type FormProps = { onDone: () => void; policyMaxHosts: number };

function ScheduleBatchForm({ onDone, policyMaxHosts }: FormProps) {
  const [form, setForm] = useState<TBatchForm>(() => defaultBatchForm());
  const [tried, setTried] = useState(false);
  const vulnerabilities = useBatchVulnerabilities(true);
  const schedule = useScheduleBatch();
  const result = batchRequest(form);
  const problems = tried && 'problems' in result ? result.problems : {};
  const set =
    <K extends keyof TBatchForm>(key: K) =>
    (value: TBatchForm[K]) =>
      setForm((current) => ({ ...current, [key]: value }));

  const submit = () => {
    setTried(true);
    if ('body' in result) schedule.mutate(result.body, { onSuccess: onDone });
  };

  return (
    <form
      className="min-w-0 space-y-4"
      aria-label="Schedule batch"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
      <BatchVulnerabilityPicker
        vulnerabilities={vulnerabilities.data}
        value={form.vulnerabilities}
        onChange={set('vulnerabilities')}
        error={problems.vulnerabilities}
      />
      {vulnerabilities.error && (
        <p className="text-sm text-destructive" role="alert">
          {errorMessage(vulnerabilities.error)}
        </p>
      )}
      <div className="grid gap-3 sm:grid-cols-3">
        <FormField
          id="batch-schedule-time"
          label="Start"
          type="datetime-local"
          value={form.scheduleTime}
          error={problems.scheduleTime}
          onChange={(event) => set('scheduleTime')(event.target.value)}
        />
        <FormField
          id="batch-window-minutes"
          label="Window (minutes)"
          type="number"
          min={5}
          inputMode="numeric"
          value={form.windowMinutes}
          error={problems.windowMinutes}
          onChange={(event) => set('windowMinutes')(event.target.value)}
        />
        <FormField
          id="batch-max-hosts"
          label="Max hosts per run"
          type="number"
          min={1}
          max={100}
          inputMode="numeric"
          placeholder={`Policy: ${policyMaxHosts}`}
          value={form.maxHostsPerRun}
          error={problems.maxHostsPerRun}
          onChange={(event) => set('maxHostsPerRun')(event.target.value)}
        />
      </div>
      <label htmlFor="batch-stop-on-failure" className="flex items-center gap-2 text-sm">
        <input
          id="batch-stop-on-failure"
          type="checkbox"
          className="size-4 accent-primary"
          checked={form.stopOnFailure}
          onChange={(event) => set('stopOnFailure')(event.target.checked)}
        />
        Stop on the first failed verification
      </label>
      <FormField
        id="batch-acknowledgement"
        label="Type APPLY to confirm"
        hint="Needed when a chosen finding's best action is high risk."
        autoComplete="off"
        spellCheck={false}
        value={form.acknowledgement}
        error={problems.acknowledgement}
        onChange={(event) => set('acknowledgement')(event.target.value)}
      />
      {schedule.error && (
        <p
          className="rounded-md bg-red-50 p-2 text-sm break-words text-red-800"
          role="alert"
          data-testid="batch-schedule-error"
        >
          {errorMessage(schedule.error)}
        </p>
      )}
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button type="button" variant="outline" onClick={onDone} disabled={schedule.isPending}>
          Cancel
        </Button>
        <Button type="submit" disabled={schedule.isPending} aria-busy={schedule.isPending}>
          {schedule.isPending && <Loader2 className="animate-spin" aria-hidden="true" />}
          Schedule Batch
        </Button>
      </div>
    </form>
  );
}
