import { AUTH_MESSAGES, type TEventSeverity, type TSignInBody } from '@netguard/contracts';
import type { Executor } from '../../db/client.ts';
import { verifyPassword } from '../../lib/crypto.ts';
import { AppError } from '../../lib/errors.ts';
import { insertSecurityEvent, type RequestMeta } from '../audit/audit.repo.ts';
import type { MfaSignIn } from '../mfa/mfa.sign-in.ts';
import * as usersRepo from './users.repo.ts';

type Outcome =
  | 'success'
  | 'mfa_required'
  | 'unknown_email'
  | 'invalid_password'
  | 'account_locked'
  | 'locked_now'
  | 'email_not_confirmed';

const SEVERITY: Record<Outcome, TEventSeverity> = {
  success: 'low',
  mfa_required: 'low',
  unknown_email: 'medium',
  invalid_password: 'medium',
  email_not_confirmed: 'medium',
  account_locked: 'high',
  locked_now: 'high',
};

function lockedError(until: Date) {
  const minutes = Math.max(1, Math.ceil((until.getTime() - Date.now()) / 60_000));
  return new AppError('account_locked', 423, AUTH_MESSAGES.accountLocked(minutes));
}

const DESCRIPTION: Partial<Record<Outcome, string>> = {
  success: 'Sign-in succeeded: success',
  mfa_required: 'Sign-in password accepted, second step required: mfa_required',
};

type Deps = { db: Executor; secondFactor: Pick<MfaSignIn, 'challenge'> };

/**
 * Checks a sign-in attempt: lockout first, then the password (argon2 is spent even for unknown
 * emails), then email confirmation, then whether MFA asks for a second step (a challenge).
 * Every attempt writes one auth_attempt security event.
 */
export function createSignInCheck({ db, secondFactor }: Deps) {
  return async function checkSignIn(body: TSignInBody, meta: RequestMeta) {
    const user = await usersRepo.findUserByEmail(db, body.email);
    const record = async (outcome: Outcome) =>
      insertSecurityEvent(
        db,
        {
          userId: user?.id ?? null,
          organizationId: user
            ? ((await usersRepo.findPersonalOrganizationId(db, user.id)) ?? null)
            : null,
          eventType: 'auth_attempt',
          severity: SEVERITY[outcome],
          description: DESCRIPTION[outcome] ?? `Sign-in failed: ${outcome}`,
          metadata: { outcome, email: body.email },
        },
        meta,
      );

    if (user?.lockedUntil && user.lockedUntil.getTime() > Date.now()) {
      await record('account_locked');
      throw lockedError(user.lockedUntil);
    }
    const valid = await verifyPassword(user?.passwordHash ?? null, body.password);
    if (!user) {
      await record('unknown_email');
      throw new AppError('invalid_credentials', 401, AUTH_MESSAGES.invalidCredentials);
    }
    if (!valid) {
      const lockedUntil = await usersRepo.recordFailedSignIn(db, user.id);
      await record(lockedUntil ? 'locked_now' : 'invalid_password');
      if (lockedUntil) throw lockedError(lockedUntil);
      throw new AppError('invalid_credentials', 401, AUTH_MESSAGES.invalidCredentials);
    }
    if (user.failedLoginCount > 0 || user.lockedUntil)
      await usersRepo.clearFailedSignIns(db, user.id);
    if (!user.emailConfirmedAt) {
      await record('email_not_confirmed');
      throw new AppError('email_not_confirmed', 403, AUTH_MESSAGES.emailNotConfirmed);
    }
    const challenge = await secondFactor.challenge(user);
    await record(challenge ? 'mfa_required' : 'success');
    return { user, challenge };
  };
}
