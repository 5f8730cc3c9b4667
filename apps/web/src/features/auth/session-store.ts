import type { TSession, TUser } from '@netguard/contracts';

export type TAuthStatus = 'loading' | 'signed-in' | 'signed-out';
export type TAuthEvent =
  | 'SIGNED_IN'
  | 'SIGNED_OUT'
  | 'TOKEN_REFRESHED'
  | 'USER_UPDATED'
  | 'PASSWORD_RECOVERY';
export type TAuthState = { status: TAuthStatus; session: TSession | null };

type Listener = (event: TAuthEvent | null) => void;

// The access token lives only here, in memory: never in localStorage or a readable cookie.
let state: TAuthState = { status: 'loading', session: null };
const listeners = new Set<Listener>();

function emit(event: TAuthEvent | null): void {
  for (const listener of listeners) listener(event);
}

/** The current auth state (stable reference until it changes, for useSyncExternalStore). */
export function getAuthState(): TAuthState {
  return state;
}

/** Subscribes to auth changes; the listener gets the event that caused each change. */
export function subscribeAuth(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Stores a new session (or none) and notifies subscribers with the event. */
export function setSession(session: TSession | null, event: TAuthEvent): void {
  state = { status: session ? 'signed-in' : 'signed-out', session };
  emit(event);
}

/** Replaces the signed-in user's details, keeping the tokens. */
export function updateSessionUser(user: TUser): void {
  if (!state.session) return;
  setSession({ ...state.session, user }, 'USER_UPDATED');
}

/** Ends the loading state with no session, when none can exist. */
export function markSignedOut(): void {
  if (state.status === 'signed-out' && !state.session) return;
  setSession(null, 'SIGNED_OUT');
}
