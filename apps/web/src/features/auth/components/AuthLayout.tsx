import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Logo } from '@/components/Logo';
import { SessionEndedNotice } from '@/features/auth/components/SessionEndedNotice';

/** The centred frame of the /auth page: logo, content card and a way back home. */
export function AuthLayout({ children }: { children: ReactNode }) {
  return (
    <main className="flex min-h-svh flex-col items-center justify-center gap-6 bg-linear-to-b from-slate-50 to-blue-50 px-4 py-10">
      <Link to="/" aria-label="NetGuard home">
        <Logo className="text-slate-900" />
      </Link>
      <div className="w-full max-w-md">
        <SessionEndedNotice />
        {children}
      </div>
      <p className="text-center text-xs text-muted-foreground">
        Need help getting started?{' '}
        <Link to="/help" className="font-medium text-primary hover:underline">
          Read the guide
        </Link>
      </p>
    </main>
  );
}
