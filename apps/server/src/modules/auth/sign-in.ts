import {
  AUTH_MESSAGES,
  SSO_TEXT,
  type TEventSeverity,
  type TSignInBody,
} from '@netguard/contracts';
import type { Executor } from '../../db/client.ts';
import { hashPassword, needsRehash } from '../../lib/crypto.ts';
import { AppError } from '../../lib/errors.ts';
import { insertAccountSecurityEvent, type RequestMeta } from '../audit/audit.repo.ts';
import type { MfaSignIn } from '../mfa/mfa.sign-in.ts';
import {
  createPasswordGuard,
  PASSWORD_OUTCOME_SEVERITY,
  type PasswordOutcome,
} from './password-guard.ts';
import * as usersRepo from './users.repo.ts';

type Outcome =
  | PasswordOutcome
  | 'success'
  | 'mfa_required'
  | 'unknown_email'
  | 'email_not_confirmed'
  | 'sso_required'
  | 'break_glass_without_mfa';

const SEVERITY: Record<Outcome, TEventSeverity> = {
  ...PASSWORD_OUTCOME_SEVERITY,
  success: 'low',
  mfa_required: 'low',
  unknown_email: 'medium',
  email_not_confirmed: 'medium',
  sso_required: 'medium',
  break_glass_without_mfa: 'medium',
};

const DESCRIPTION: Partial<Record<Outcome, string>> = {
  success: 'Sign-in succeeded: success',
  mfa_required: 'Sign-in password accepted, second step required: mfa_required',
};

/**
 * "Require SSO" of the user's organizations: a password sign-in is allowed, refused, or allowed
 * as the break-glass admin (who must pass MFA).
 */
export type SsoPasswordGate = (userId: string) => Promise<'allowed' | 'refused' | 'break_glass'>;

type Deps = {
  db: Executor;
  secondFactor: Pick<MfaSignIn, 'challenge'>;
  ssoGate?: SsoPasswordGate;
};

const invalidCredentials = () =>
  new AppError('invalid_credentials', 401, AUTH_MESSAGES.invalidCredentials);

/**
 * Checks a sign-in attempt: the password within the failure budget of the password guard
 * (unknown e-mails included, argon2 and all), then email confirmation, then whether MFA asks for
 * a second step (a challenge). A member of an organization that requires SSO is refused unless
 * they are its break-glass admin, who must pass MFA. Every attempt writes one auth_attempt
 * security event (in each organization of the account).
 */
export function createSignInCheck({ db, secondFactor, ssoGate }: Deps) {
  const checkPassword = createPasswordGuard(db);
  return async function checkSignIn(body: TSignInBody, meta: RequestMeta) {
    const user = await usersRepo.findUserByEmail(db, body.email);
    // In every organization of the account: a team's admins and anomaly rules see a member's
    // failed sign-ins too.
    const record = async (outcome: Outcome) =>
      insertAccountSecurityEvent(
        db,
        {
          userId: user?.id ?? null,
          eventType: 'auth_attempt',
          severity: SEVERITY[outcome],
          description: DESCRIPTION[outcome] ?? `Sign-in failed: ${outcome}`,
          metadata: { outcome, email: body.email },
        },
        meta,
      );

    // An unknown e-mail goes through the same budget and answers as a known one would.
    const recordPassword = (outcome: PasswordOutcome) =>
      record(!user && outcome === 'invalid_password' ? 'unknown_email' : outcome);
    const proved = await checkPassword(body.email, user, body.password, meta.ip, recordPassword);
    if (!user || !proved) throw invalidCredentials();
    // Hashes made at a lower cost than the configured one are replaced while the password is known.
    if (user.passwordHash && needsRehash(user.passwordHash))
      await usersRepo.setPasswordHash(db, user.id, await hashPassword(body.password));
    if (!user.emailConfirmedAt) {
      await record('email_not_confirmed');
      throw new AppError('email_not_confirmed', 403, AUTH_MESSAGES.emailNotConfirmed);
    }
    const gate = ssoGate ? await ssoGate(user.id) : 'allowed';
    if (gate === 'refused') {
      await record('sso_required');
      throw new AppError('forbidden', 403, SSO_TEXT.passwordRefused);
    }
    const challenge = await secondFactor.challenge(user);
    if (gate === 'break_glass' && !challenge) {
      await record('break_glass_without_mfa');
      throw new AppError('forbidden', 403, SSO_TEXT.breakGlassMfaMissing);
    }
    await record(challenge ? 'mfa_required' : 'success');
    return { user, challenge };
  };
}
