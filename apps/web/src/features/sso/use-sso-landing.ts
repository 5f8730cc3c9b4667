import { SSO_DONE_QUERY } from '@netguard/contracts';
import { useEffect } from 'react';
import { useSearchParams } from 'react-router';
import { toast } from 'sonner';
import { useAuth } from '@/features/auth/auth-context';

const [KEY, VALUE] = SSO_DONE_QUERY.split('=');

/**
 * /auth?sso=done: the SSO callback set the refresh cookie, and the session restore at start
 * (a refresh) signs the user in; if that found no session, say so and drop the marker.
 */
export function useSsoLanding() {
  const { status } = useAuth();
  const [params, setParams] = useSearchParams();
  const landed = KEY !== undefined && params.get(KEY) === VALUE;
  useEffect(() => {
    if (!landed || status !== 'signed-out') return;
    toast.error('Single sign-on did not complete', {
      description: 'No session came back from the identity provider. Please try again.',
    });
    setParams({}, { replace: true });
  }, [landed, status, setParams]);
}
