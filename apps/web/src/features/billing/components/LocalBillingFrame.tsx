import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Logo } from '@/components/Logo';
import { Badge } from '@/components/ui/badge';

/**
 * The frame of the built-in provider's pages, which stand in for Stripe's hosted checkout and
 * portal: they open in their own tab, outside the dashboard.
 */
export function LocalBillingFrame({ children }: { children: ReactNode }) {
  return (
    <main className="flex min-h-svh flex-col items-center justify-center gap-6 bg-linear-to-b from-slate-50 to-blue-50 px-4 py-10">
      <div className="flex items-center gap-3">
        <Link to="/dashboard" aria-label="NetGuard dashboard">
          <Logo className="text-slate-900" />
        </Link>
        <Badge variant="outline">Built-in billing</Badge>
      </div>
      <div className="w-full max-w-md">{children}</div>
      <p className="max-w-md text-center text-xs text-muted-foreground">
        This NetGuard server has no payment provider configured, so plans are activated here without
        a charge.
      </p>
    </main>
  );
}
