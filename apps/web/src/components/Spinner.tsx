import { Loader2 } from 'lucide-react';
import { cn } from '@/lib/utils';

type SpinnerProps = { className?: string; label?: string };

/** An accessible loading indicator. */
export function Spinner({ className, label = 'Loading' }: SpinnerProps) {
  return (
    <output aria-live="polite" className="inline-flex items-center justify-center">
      <Loader2 aria-hidden="true" className={cn('size-6 animate-spin text-primary', className)} />
      <span className="sr-only">{label}</span>
    </output>
  );
}

/** A spinner centred in the viewport, used while auth state or a page loads. */
export function FullPageSpinner() {
  return (
    <div className="flex min-h-svh items-center justify-center bg-background">
      <Spinner className="size-8" />
    </div>
  );
}
