import { ShieldCheck } from 'lucide-react';
import { cn } from '@/lib/utils';

type LogoProps = { className?: string; showName?: boolean };

/** The NetGuard mark: a shield in a blue tile, optionally with the product name. */
export function Logo({ className, showName = true }: LogoProps) {
  return (
    <span className={cn('inline-flex items-center gap-2 font-semibold', className)}>
      <span className="flex size-8 shrink-0 items-center justify-center rounded-lg bg-primary text-primary-foreground shadow-sm">
        <ShieldCheck className="size-5" aria-hidden="true" />
      </span>
      {showName && <span className="text-lg tracking-tight">NetGuard</span>}
    </span>
  );
}
