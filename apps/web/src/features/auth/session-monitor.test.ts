import { SESSION_END_REASONS, type TSession, type TSessionValidation } from '@netguard/contracts';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { readSessionEndReason, setSessionEndReason, signInPath } from './session-end-reason';
import { createSessionMonitor, SessionCheckUnreachable } from './session-monitor';

const NOW = Date.parse('2026-11-25T12:00:00Z');
const session = (expiresInS: number): TSession =>
  ({
    access_token: `token-${expiresInS}`,
    expires_at: NOW / 1000 + expiresInS,
    user: {} as TSession['user'],
  }) as TSession;

function setup(opts: {
  session?: TSession | null;
  refresh?: () => Promise<boolean>;
  validate?: (token: string) => Promise<TSessionValidation>;
}) {
  let current = opts.session === undefined ? session(600) : opts.session;
  const signOut = vi.fn();
  const validate = vi.fn(
    opts.validate ?? (async () => ({ valid: true as const, expires_at: NOW / 1000 + 600 })),
  );
  const refresh = vi.fn(opts.refresh ?? (async () => false));
  const monitor = createSessionMonitor({
    getSession: () => current,
    refresh,
    validate,
    signOut,
    now: () => Date.now(),
  });
  return {
    monitor,
    signOut,
    validate,
    refresh,
    set: (next: TSession | null) => {
      current = next;
    },
  };
}

beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(NOW);
});
afterEach(() => vi.useRealTimers());

describe('session monitor', () => {
  it('checks every 60 s and stays signed in while the session is valid', async () => {
    const t = setup({});
    t.monitor.start();
    await vi.advanceTimersByTimeAsync(59_999);
    expect(t.validate).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(t.validate).toHaveBeenCalledTimes(1);
    expect(t.validate).toHaveBeenCalledWith('token-600');
    await vi.advanceTimersByTimeAsync(120_000);
    expect(t.validate).toHaveBeenCalledTimes(3);
    expect(t.signOut).not.toHaveBeenCalled();
    t.monitor.stop();
    await vi.advanceTimersByTimeAsync(300_000);
    expect(t.validate).toHaveBeenCalledTimes(3);
  });

  it('signs out with "No active session" when there is none', async () => {
    const t = setup({ session: null });
    t.monitor.start();
    await vi.advanceTimersByTimeAsync(60_000);
    expect(t.signOut).toHaveBeenCalledWith(SESSION_END_REASONS.noSession);
    expect(t.validate).not.toHaveBeenCalled();
  });

  it('signs out with "Session expired" when the server says so', async () => {
    const t = setup({
      validate: async () => ({ valid: false, reason: SESSION_END_REASONS.expired }),
    });
    expect(await t.monitor.checkOnce()).toBe('Session expired');
    expect(t.signOut).toHaveBeenCalledWith('Session expired');
  });

  it('signs out with "Cached session expired" when the cached token expired and cannot be renewed', async () => {
    const t = setup({ session: session(600) });
    t.monitor.start();
    await vi.advanceTimersByTimeAsync(11 * 60_000); // past the token's 10 minutes
    expect(t.refresh).toHaveBeenCalled();
    expect(t.signOut).toHaveBeenCalledWith(SESSION_END_REASONS.cacheExpired);
  });

  it('renews an expired cached token and validates the new one', async () => {
    const t = setup({ session: session(-5) });
    t.refresh.mockImplementation(async () => {
      t.set(session(900));
      return true;
    });
    expect(await t.monitor.checkOnce()).toBeNull();
    expect(t.validate).toHaveBeenCalledWith('token-900');
    expect(t.signOut).not.toHaveBeenCalled();
  });

  it('signs out with "Validation error" when the check fails, but not when the server is unreachable', async () => {
    const failing = setup({
      validate: async () => {
        throw new Error('HTTP 500');
      },
    });
    expect(await failing.monitor.checkOnce()).toBe(SESSION_END_REASONS.validationError);
    expect(failing.signOut).toHaveBeenCalledWith('Validation error');

    const offline = setup({
      validate: async () => {
        throw new SessionCheckUnreachable('offline');
      },
    });
    expect(await offline.monitor.checkOnce()).toBeNull();
    expect(offline.signOut).not.toHaveBeenCalled();
  });
});

describe('session end reason', () => {
  it('sends the sign-in page the reason, and only the spec reasons are shown', () => {
    setSessionEndReason('Session expired');
    expect(signInPath()).toBe('/auth?reason=Session%20expired');
    setSessionEndReason(null);
    expect(signInPath()).toBe('/auth');
    expect(readSessionEndReason('Cached session expired')).toBe('Cached session expired');
    expect(readSessionEndReason('<script>')).toBeNull();
    expect(readSessionEndReason(null)).toBeNull();
  });
});
