import { Loader2 } from 'lucide-react';
import type { ReactNode } from 'react';
import { Button } from '@/components/ui/button';

type SubmitButtonProps = { busy: boolean; children: ReactNode };

/** A full-width submit button that shows a spinner and blocks double submits while busy. */
export function SubmitButton({ busy, children }: SubmitButtonProps) {
  return (
    <Button type="submit" className="w-full" disabled={busy} aria-busy={busy}>
      {busy && <Loader2 className="animate-spin" aria-hidden="true" />}
      {children}
    </Button>
  );
}
