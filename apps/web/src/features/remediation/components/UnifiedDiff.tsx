import { diffLines, type TDiffLineKind } from '@/features/remediation/diff-lines';
import { cn } from '@/lib/utils';

const LINE_CLASS: Record<TDiffLineKind, string> = {
  header: 'font-semibold text-muted-foreground',
  hunk: 'bg-sky-50 text-sky-800 dark:bg-sky-950 dark:text-sky-200',
  add: 'bg-green-50 text-green-800 dark:bg-green-950 dark:text-green-200',
  remove: 'bg-red-50 text-red-800 dark:bg-red-950 dark:text-red-200',
  context: '',
};

type Props = { target: string; diff: string };

/** One file's unified diff: added lines green, removed red; long lines scroll inside the box. */
export function UnifiedDiff({ target, diff }: Props) {
  return (
    <figure className="min-w-0 overflow-hidden rounded-md border" data-testid="dry-run-diff">
      <figcaption className="border-b bg-muted px-3 py-1.5 font-mono text-xs break-all">
        {target}
      </figcaption>
      <pre
        className="overflow-x-auto py-2 font-mono text-xs leading-5"
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region is reached by keyboard.
        tabIndex={0}
      >
        {diffLines(diff).map((line, index) => (
          <span
            // biome-ignore lint/suspicious/noArrayIndexKey: lines of one diff, never reordered.
            key={index}
            className={cn('block w-max min-w-full px-3 whitespace-pre', LINE_CLASS[line.kind])}
            data-kind={line.kind}
          >
            {line.text || ' '}
          </span>
        ))}
      </pre>
    </figure>
  );
}
