import type { ComponentProps } from 'react';
import { Label } from '@/components/ui/label';
import { cn } from '@/lib/utils';

type Props = ComponentProps<'textarea'> & {
  id: string;
  label: string;
  error?: string;
  hint?: string;
};

/** A labelled monospace text area (PEM, service account JSON) with its validation message. */
export function TextAreaField({ id, label, error, hint, className, ...props }: Props) {
  const errorId = `${id}-error`;
  return (
    <div className="space-y-2 sm:col-span-2">
      <Label htmlFor={id}>{label}</Label>
      <textarea
        id={id}
        rows={5}
        spellCheck={false}
        autoComplete="off"
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        className={cn(
          'w-full min-w-0 rounded-md border bg-transparent p-2 font-mono text-xs shadow-xs outline-none focus-visible:border-ring focus-visible:ring-[3px] focus-visible:ring-ring/50 aria-invalid:border-destructive',
          className,
        )}
        {...props}
      />
      {hint && <p className="text-xs text-muted-foreground">{hint}</p>}
      {error && (
        <p id={errorId} className="text-sm text-destructive" data-testid={errorId}>
          {error}
        </p>
      )}
    </div>
  );
}
