import type { TPlanValidation } from '@netguard/contracts';
import { CheckCircle2, CircleHelp, XCircle } from 'lucide-react';

/** The plan check's answer: problems, and each prerequisite met, unmet or for a person to judge. */
export function PlanCheck({ validation }: { validation: TPlanValidation }) {
  return (
    <section className="min-w-0 space-y-2 rounded-md border p-3 text-sm" aria-label="Plan check">
      <p className={validation.valid ? 'text-emerald-700' : 'text-destructive'} role="status">
        {validation.valid ? 'The plan can run.' : 'The plan cannot run as it is.'}
      </p>
      {validation.problems.length > 0 && (
        <ul className="list-disc space-y-1 pl-5 break-words text-destructive">
          {validation.problems.map((problem) => (
            <li key={problem}>{problem}</li>
          ))}
        </ul>
      )}
      <ul className="space-y-1">
        {validation.prerequisites.map(({ text, met }) => (
          <li key={text} className="flex items-start gap-2 break-words" data-met={String(met)}>
            {met === true ? (
              <CheckCircle2 className="mt-0.5 size-4 shrink-0 text-emerald-600" aria-label="Met" />
            ) : met === false ? (
              <XCircle className="mt-0.5 size-4 shrink-0 text-destructive" aria-label="Not met" />
            ) : (
              <CircleHelp
                className="mt-0.5 size-4 shrink-0 text-muted-foreground"
                aria-label="Check it yourself"
              />
            )}
            <span className="min-w-0">{text}</span>
          </li>
        ))}
      </ul>
    </section>
  );
}
