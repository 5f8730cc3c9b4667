import type { TExecution } from '@netguard/contracts';
import { formatDateTime } from '@/lib/format';
import { cn } from '@/lib/utils';

type Props = { title: string; verification: TExecution['verification']; testId: string };

/** The re-run of the finding's check: whether it is fixed, and what it saw (kept for auditors). */
export function VerificationEvidence({ title, verification, testId }: Props) {
  if (!verification) return null;
  return (
    <section className="min-w-0 space-y-2 rounded-md border p-3" data-testid={testId}>
      <h3 className="text-sm font-semibold">{title}</h3>
      <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-3 gap-y-1 text-sm">
        <dt className="text-muted-foreground">Check</dt>
        <dd className="font-mono text-xs break-all">{verification.checkId}</dd>
        <dt className="text-muted-foreground">Fixed</dt>
        <dd
          className={cn('font-medium', verification.fixed ? 'text-emerald-700' : 'text-red-700')}
          data-fixed={verification.fixed}
        >
          {verification.fixed ? 'Yes' : 'No'}
        </dd>
        <dt className="text-muted-foreground">Checked</dt>
        <dd>
          <time dateTime={verification.at}>{formatDateTime(verification.at)}</time>
        </dd>
      </dl>
      <pre className="max-h-48 overflow-auto rounded bg-muted p-2 font-mono text-xs whitespace-pre-wrap break-words">
        {verification.evidence}
      </pre>
    </section>
  );
}
