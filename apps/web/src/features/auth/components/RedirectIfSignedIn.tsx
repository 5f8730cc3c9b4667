import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { FullPageSpinner } from '@/components/Spinner';
import { useAuth } from '@/features/auth/auth-context';
import { returnPath } from '@/features/auth/return-path';

type RedirectIfSignedInProps = { children: ReactNode; showSpinner?: boolean };

/**
 * Sends a signed-in user to the dashboard (or the dashboard page they first asked for).
 * With `showSpinner`, a spinner replaces the page while auth state loads.
 */
export function RedirectIfSignedIn({ children, showSpinner = false }: RedirectIfSignedInProps) {
  const { status } = useAuth();
  const location = useLocation();
  if (status === 'signed-in') return <Navigate to={returnPath(location.state)} replace />;
  if (status === 'loading' && showSpinner) return <FullPageSpinner />;
  return children;
}
