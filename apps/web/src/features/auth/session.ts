import {
  SESSION_REFRESH_THRESHOLD_TICKS,
  SESSION_REFRESH_TICK_MS,
  type TSession,
} from '@netguard/contracts';
import { requestRefresh } from '@/features/auth/api';
import { getAuthState, markSignedOut, setSession } from '@/features/auth/session-store';
import { ApiError, configureApiAuth } from '@/lib/api-client';
import { readCsrfCookie } from '@/lib/cookies';

const REFRESH_LOCK = 'netguard-session-refresh';
let inFlight: Promise<boolean> | null = null;

/** Runs `task` while holding a cross-tab lock, so two tabs never rotate the refresh token at once. */
async function runExclusive(task: () => Promise<boolean>): Promise<boolean> {
  if (typeof navigator !== 'undefined' && navigator.locks) {
    return await navigator.locks.request(REFRESH_LOCK, task);
  }
  return await task();
}

async function doRefresh(): Promise<boolean> {
  // The server requires the double-submit header; without the cookie there is no session.
  if (!readCsrfCookie()) {
    markSignedOut();
    return false;
  }
  try {
    const session = await requestRefresh();
    const wasSignedIn = getAuthState().status === 'signed-in';
    setSession(session, wasSignedIn ? 'TOKEN_REFRESHED' : 'SIGNED_IN');
    return true;
  } catch (error) {
    const rejected = error instanceof ApiError && error.status >= 400 && error.status < 500;
    // A network failure keeps a still-valid token; a rejection (or a failed first check) ends it.
    if (rejected || getAuthState().status === 'loading') markSignedOut();
    if (!rejected) console.error('Session refresh failed:', error);
    return false;
  }
}

/**
 * Renews the access token from the refresh cookie. Concurrent callers share one request.
 * Resolves true when a session is active afterwards.
 */
export function refreshSession(): Promise<boolean> {
  inFlight ??= runExclusive(doRefresh).finally(() => {
    inFlight = null;
  });
  return inFlight;
}

/** True when the access token expires within the refresh threshold (3 ticks of 30 s). */
export function expiresSoon(session: TSession, now = Date.now()): boolean {
  const thresholdMs = SESSION_REFRESH_TICK_MS * SESSION_REFRESH_THRESHOLD_TICKS;
  return session.expires_at * 1000 - now <= thresholdMs;
}

configureApiAuth({
  getAccessToken: () => getAuthState().session?.access_token ?? null,
  refresh: refreshSession,
  onUnauthorized: markSignedOut,
});
