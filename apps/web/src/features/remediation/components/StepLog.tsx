import type { TExecution } from '@netguard/contracts';
import { CheckCircle2, XCircle } from 'lucide-react';
import { formatDateTime } from '@/lib/format';

type Props = { title: string; steps: TExecution['steps'] };

/** Steps as they happened, each with its output. */
export function StepLog({ title, steps }: Props) {
  if (steps.length === 0) return null;
  return (
    <section className="min-w-0 space-y-2" aria-label={title}>
      <h3 className="text-sm font-semibold">{title}</h3>
      <ol className="space-y-2 text-sm">
        {steps.map((step, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: a log, appended to, never reordered.
          <li key={index} className="min-w-0 rounded-md border p-2" data-ok={step.ok}>
            <div className="flex flex-wrap items-center gap-2">
              {step.ok ? (
                <CheckCircle2 className="size-4 text-emerald-600" aria-label="Succeeded" />
              ) : (
                <XCircle className="size-4 text-destructive" aria-label="Failed" />
              )}
              <span className="min-w-0 font-medium break-words">{step.step}</span>
              <time className="ml-auto text-xs text-muted-foreground" dateTime={step.at}>
                {formatDateTime(step.at)}
              </time>
            </div>
            {step.output && (
              <pre className="mt-2 max-h-48 overflow-auto rounded bg-muted p-2 font-mono text-xs whitespace-pre">
                {step.output}
              </pre>
            )}
          </li>
        ))}
      </ol>
    </section>
  );
}
