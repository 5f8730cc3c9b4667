import {
  SESSION_REFRESH_TICK_MS,
  type TMfaSignInBody,
  type TSignInBody,
  type TSignUpBody,
} from '@netguard/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useCallback, useEffect, useMemo, useSyncExternalStore } from 'react';
import {
  requestMfaSignIn,
  requestSignIn,
  requestSignOut,
  requestSignUp,
} from '@/features/auth/api';
import { AuthContext, type TAuthContext } from '@/features/auth/auth-context';
import { expiresSoon, refreshSession } from '@/features/auth/session';
import { logSessionStart, requestSessionCheck } from '@/features/auth/session-check';
import { setSessionEndReason } from '@/features/auth/session-end-reason';
import { createSessionMonitor } from '@/features/auth/session-monitor';
import {
  getAuthState,
  setSession,
  subscribeAuth,
  updateSessionUser,
} from '@/features/auth/session-store';
import { ApiError } from '@/lib/api-client';

/** Restores the session at start, keeps the access token fresh and exposes the auth actions. */
export function AuthProvider({ children }: { children: ReactNode }) {
  const state = useSyncExternalStore(subscribeAuth, getAuthState);
  const queryClient = useQueryClient();
  const { status, session } = state;

  useEffect(() => {
    if (getAuthState().status === 'loading') void refreshSession();
  }, []);

  useEffect(() => {
    // Cached data belongs to the previous user: drop it whenever the session ends.
    return subscribeAuth((event) => {
      if (event === 'SIGNED_OUT') queryClient.clear();
    });
  }, [queryClient]);

  useEffect(() => {
    if (status !== 'signed-in') return;
    const timer = window.setInterval(() => {
      const current = getAuthState().session;
      if (current && expiresSoon(current)) void refreshSession();
    }, SESSION_REFRESH_TICK_MS);
    return () => window.clearInterval(timer);
  }, [status]);

  useEffect(() => {
    // Spec part 2 §4: every sign-in logs a session_start event (the server keeps one per session).
    return subscribeAuth((event) => {
      if (event !== 'SIGNED_IN') return;
      setSessionEndReason(null);
      logSessionStart().catch((error: unknown) => console.error('session_start event:', error));
    });
  }, []);

  useEffect(() => {
    if (status !== 'signed-in') return;
    const monitor = createSessionMonitor({
      getSession: () => getAuthState().session,
      refresh: refreshSession,
      validate: requestSessionCheck,
      signOut: (reason) => {
        setSessionEndReason(reason);
        void requestSignOut()
          .catch(() => undefined)
          .finally(() => setSession(null, 'SIGNED_OUT'));
      },
    });
    monitor.start();
    return () => monitor.stop();
  }, [status]);

  const signIn = useCallback(async (body: TSignInBody) => {
    const result = await requestSignIn(body);
    if (!('mfa_required' in result)) setSession(result, 'SIGNED_IN');
    return result;
  }, []);

  const completeSignIn = useCallback(async (body: TMfaSignInBody) => {
    const next = await requestMfaSignIn(body);
    setSession(next, 'SIGNED_IN');
    return next;
  }, []);

  const signUp = useCallback(async (body: TSignUpBody) => {
    const { message } = await requestSignUp(body);
    return message;
  }, []);

  const signOut = useCallback(async () => {
    try {
      await requestSignOut();
    } catch (error) {
      // A session the server no longer knows is already signed out.
      if (!(error instanceof ApiError && error.status === 401)) throw error;
    }
    setSession(null, 'SIGNED_OUT');
  }, []);

  const value = useMemo<TAuthContext>(
    () => ({
      status,
      loading: status === 'loading',
      session,
      user: session?.user ?? null,
      signIn,
      completeSignIn,
      signUp,
      signOut,
      updateUser: updateSessionUser,
    }),
    [status, session, signIn, completeSignIn, signUp, signOut],
  );

  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}
