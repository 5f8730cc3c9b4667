import {
  SESSION_CHECK_INTERVAL_MS,
  SESSION_END_REASONS,
  type TSession,
  type TSessionEndReason,
  type TSessionValidation,
} from '@netguard/contracts';

export type TSessionMonitorDeps = {
  getSession: () => TSession | null;
  /** Renews the access token; false when the session cannot be renewed. */
  refresh: () => Promise<boolean>;
  /** Asks the server about the token (GET /api/auth/session-check). */
  validate: (accessToken: string) => Promise<TSessionValidation>;
  /** Ends the session, saying why. */
  signOut: (reason: TSessionEndReason) => void;
  now?: () => number;
  intervalMs?: number;
};

/** A failure to reach the server at all (offline, DNS): the next check tries again. */
export class SessionCheckUnreachable extends Error {}

/**
 * Validates the session every 60 s (spec part 2 §4) and signs out when it is not valid, with
 * the spec's reasons: no session at all, the server says it expired, the cached access token
 * expired and could not be renewed, or the check itself failed.
 */
export function createSessionMonitor(deps: TSessionMonitorDeps) {
  const now = deps.now ?? Date.now;
  let timer: ReturnType<typeof setInterval> | undefined;
  let checking = false;

  async function check(): Promise<TSessionEndReason | null> {
    let session = deps.getSession();
    if (!session) return SESSION_END_REASONS.noSession;
    if (session.expires_at * 1000 <= now()) {
      if (!(await deps.refresh())) return SESSION_END_REASONS.cacheExpired;
      session = deps.getSession();
      if (!session) return SESSION_END_REASONS.cacheExpired;
    }
    try {
      const result = await deps.validate(session.access_token);
      return result.valid ? null : result.reason;
    } catch (error) {
      if (error instanceof SessionCheckUnreachable) return null;
      return SESSION_END_REASONS.validationError;
    }
  }

  /** One check; signs out when the session is not valid. Returns the reason, or null. */
  async function checkOnce(): Promise<TSessionEndReason | null> {
    if (checking) return null;
    checking = true;
    try {
      const reason = await check();
      if (reason) deps.signOut(reason);
      return reason;
    } finally {
      checking = false;
    }
  }

  return {
    checkOnce,
    start() {
      if (timer) return;
      timer = setInterval(() => void checkOnce(), deps.intervalMs ?? SESSION_CHECK_INTERVAL_MS);
    },
    stop() {
      clearInterval(timer);
      timer = undefined;
    },
  };
}
