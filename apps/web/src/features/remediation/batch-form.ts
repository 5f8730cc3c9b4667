import { type TScheduleBatch, ZScheduleBatch } from '@netguard/contracts';
import { toLocalInput } from '@/lib/format';

/** The Schedule Batch dialog's fields, as the inputs hold them. */
export type TBatchForm = {
  vulnerabilities: string[];
  /** <input type="datetime-local">, the browser's zone. */
  scheduleTime: string;
  windowMinutes: string;
  /** Empty: the policy's. */
  maxHostsPerRun: string;
  stopOnFailure: boolean;
  acknowledgement: string;
};

/** The batch starts this long after the dialog opens, unless the user picks a time. */
export const BATCH_START_DELAY_MS = 5 * 60_000;

export function defaultBatchForm(now = new Date()): TBatchForm {
  return {
    vulnerabilities: [],
    scheduleTime: toLocalInput(new Date(now.getTime() + BATCH_START_DELAY_MS)),
    windowMinutes: '120',
    maxHostsPerRun: '',
    stopOnFailure: true,
    acknowledgement: '',
  };
}

const number = (text: string) => (text.trim() === '' ? Number.NaN : Number(text));

/**
 * The request of the form, or the contracts' complaints, one per field. Whether APPLY is needed
 * is the server's to say (it knows each finding's best action): a typed word is sent as it is.
 */
export function batchRequest(
  form: TBatchForm,
): { body: TScheduleBatch } | { problems: Record<string, string> } {
  const start = new Date(form.scheduleTime);
  const body: TScheduleBatch = {
    vulnerabilities: form.vulnerabilities,
    actionTemplates: [],
    scheduleTime: Number.isNaN(start.getTime()) ? '' : start.toISOString(),
    windowMinutes: number(form.windowMinutes),
    stopOnFailure: form.stopOnFailure,
  };
  if (form.maxHostsPerRun.trim() !== '') body.maxHostsPerRun = number(form.maxHostsPerRun);
  if (form.acknowledgement.trim() !== '') body.acknowledgement = form.acknowledgement.trim();
  const parsed = ZScheduleBatch.safeParse(body);
  if (parsed.success) return { body };
  const problems: Record<string, string> = {};
  if (!body.scheduleTime) problems.scheduleTime = 'Pick a date and time';
  for (const issue of parsed.error.issues) problems[String(issue.path[0])] ??= issue.message;
  return { problems };
}
