import { Navigate, Outlet, useLocation } from 'react-router';
import { FullPageSpinner } from '@/components/Spinner';
import { useAuth } from '@/features/auth/auth-context';
import { signInPath } from '@/features/auth/session-end-reason';

/** Renders the nested routes for a signed-in user; sends anyone else to /auth. */
export function RequireAuth() {
  const { status } = useAuth();
  const location = useLocation();
  if (status === 'loading') return <FullPageSpinner />;
  if (status === 'signed-out')
    return <Navigate to={signInPath()} replace state={{ from: location }} />;
  return <Outlet />;
}
