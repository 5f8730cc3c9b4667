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

const MINUTE_MS = 60_000;

function lockedError(failures: Date[]) {
  const oldest = failures[LOCKOUT_THRESHOLD - 1] ?? new Date();
  const until = oldest.getTime() + LOCKOUT_MINUTES * MINUTE_MS;
  const minutes = Math.max(1, Math.ceil((until - Date.now()) / MINUTE_MS));
  return new AppError('account_locked', 423, AUTH_MESSAGES.accountLocked(minutes));
}

function slowedError(until: Date) {
  const seconds = Math.max(1, Math.ceil((until.getTime() - Date.now()) / 1000));
  return new AppError('rate_limited', 429, AUTH_MESSAGES.signInSlowedDown(seconds));
}

/**
 * Checks the password of a known account for sign-in and re-authentication alike, within one
 * failure budget. An address is locked out of the account after LOCKOUT_THRESHOLD wrong
 * passwords in LOCKOUT_MINUTES; past SLOWDOWN_AFTER failures from anywhere, addresses the user
 * has not held a session from get one check per (growing) wait. The owner's own address is
 * never kept out by others. Refusals (423, 429) come before the password is checked; every
 * outcome but success is passed to `record`, which writes the security event.
 */
export function createPasswordGuard(db: Executor) {
  return async function checkPassword(
    user: UserRow,
    password: string,
    ip: string,
    record: (outcome: PasswordOutcome) => Promise<unknown>,
  ): Promise<boolean> {
    const failures = await attempts.recentFailures(db, user.id, ip);
    if (failures.length >= LOCKOUT_THRESHOLD) {
      await record('account_locked');
      throw lockedError(failures);
    }
    if (
      user.failedLoginCount >= attempts.SLOWDOWN_AFTER &&
      !(await attempts.isFamiliarAddress(db, user.id, ip))
    ) {
      const waitUntil = await attempts.claimSlowedAttempt(db, user.id);
      if (waitUntil) {
        await record('slowed_down');
        throw slowedError(waitUntil);
      }
    }
    if (await verifyPassword(user.passwordHash, password)) {
      if (user.failedLoginCount > 0 || user.lockedUntil) await attempts.clearFailures(db, user.id);
      return true;
    }
    await attempts.countFailure(db, user.id);
    const withThis = [new Date(), ...failures];
    if (withThis.length < LOCKOUT_THRESHOLD) {
      await record('invalid_password');
      return false;
    }
    await record('locked_now');
    throw lockedError(withThis);
  };
}

export type PasswordGuard = ReturnType<typeof createPasswordGuard>;
