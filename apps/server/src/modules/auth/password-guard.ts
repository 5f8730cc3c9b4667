import {
  AUTH_MESSAGES,
  LOCKOUT_MINUTES,
  LOCKOUT_THRESHOLD,
  type TEventSeverity,
} from '@netguard/contracts';
import type { Executor } from '../../db/client.ts';
import { verifyPassword } from '../../lib/crypto.ts';
import { AppError } from '../../lib/errors.ts';
import * as attempts from './sign-in-attempts.repo.ts';
import type { UserRow } from './users.repo.ts';

/** What a password check of a known account came to, short of success. */
export type PasswordOutcome = 'invalid_password' | 'locked_now' | 'account_locked' | 'slowed_down';

export const PASSWORD_OUTCOME_SEVERITY: Record<PasswordOutcome, TEventSeverity> = {
  invalid_password: 'medium',
  locked_now: 'high',
  account_locked: 'high',
  slowed_down: 'high',
};

function lockedError(until: Date) {
  const minutes = Math.max(1, Math.ceil((until.getTime() - Date.now()) / 60_000));
  return new AppError('account_locked', 423, AUTH_MESSAGES.accountLocked(minutes));
}

function slowedError(until: Date) {
  const seconds = Math.max(1, Math.ceil((until.getTime() - Date.now()) / 1000));
  return new AppError('rate_limited', 429, AUTH_MESSAGES.signInSlowedDown(seconds));
}

/**
 * Checks a password for sign-in and re-authentication alike, within one failure budget kept per
 * e-mail, registered or not (an unknown e-mail is answered exactly as a known one, argon2
 * included). An address is locked out of the e-mail after LOCKOUT_THRESHOLD wrong passwords in
 * LOCKOUT_MINUTES; past SLOWDOWN_AFTER failures from anywhere, addresses the user has not held a
 * session from get one check per (growing) wait. The owner's own address is never kept out by
 * others. Each check is counted before it is made (one atomic step), so racing guesses get no
 * more checks than sequential ones. Refusals (423, 429) come before the password is checked;
 * every outcome but success is passed to `record`, which writes the security event.
 */
export function createPasswordGuard(db: Executor) {
  return async function checkPassword(
    email: string,
    user: UserRow | undefined,
    password: string,
    ip: string,
    record: (outcome: PasswordOutcome) => Promise<unknown>,
  ): Promise<boolean> {
    const subject = email.toLowerCase();
    const familiar = await attempts.isFamiliarAddress(db, user?.id ?? null, ip);
    const claim = await attempts.claimPasswordCheck(db, subject, ip, familiar);
    if (!claim.taken) {
      if (claim.refusal === 'locked') {
        await record('account_locked');
        throw lockedError(claim.lockedUntil);
      }
      await record('slowed_down');
      throw slowedError(claim.waitUntil);
    }
    // argon2 runs for an unknown e-mail too (against a dummy hash), so both take its time.
    const proved = await verifyPassword(user?.passwordHash ?? null, password);
    if (proved && user) {
      await attempts.clearAddress(db, subject, ip);
      return true;
    }
    if (claim.failures < LOCKOUT_THRESHOLD) {
      await record('invalid_password');
      return false;
    }
    await record('locked_now');
    throw lockedError(new Date(claim.windowStartedAt.getTime() + LOCKOUT_MINUTES * 60_000));
  };
}

export type PasswordGuard = ReturnType<typeof createPasswordGuard>;
