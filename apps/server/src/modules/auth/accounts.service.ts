import {
  AUTH_MESSAGES,
  defaultUsername,
  type TPasswordResetBody,
  type TSignUpBody,
} from '@netguard/contracts';
import type { Executor } from '../../db/client.ts';
import type { BackgroundTasks } from '../../lib/background.ts';
import { hashPassword, randomToken, sha256 } from '../../lib/crypto.ts';
import { AppError, isUniqueViolation } from '../../lib/errors.ts';
import type { Logger } from '../../lib/logger.ts';
import type { Mailer } from '../../lib/mailer.ts';
import { revokeAllApiKeys } from '../api-keys/api-keys.repo.ts';
import { insertAuditLog, insertSecurityEvent, type RequestMeta } from '../audit/audit.repo.ts';
import { applyPasswordPolicy } from '../security-center/policies.ts';
import { RESET_OUTCOME } from './sign-in-attempts.repo.ts';
import * as tokensRepo from './tokens.repo.ts';
import * as usersRepo from './users.repo.ts';

const HOUR_MS = 60 * 60 * 1000;
const CONFIRM_TTL_MS = 24 * HOUR_MS;
const RESET_TTL_MS = HOUR_MS;

type Deps = {
  db: Executor;
  mailer: Mailer;
  publicUrl: string;
  log: Logger;
  background: BackgroundTasks;
};
type TResetWithToken = Extract<TPasswordResetBody, { token: string }>;

const OWNER_NOTICE = 'Someone tried to sign up with your email';
const tokenInvalid = () => new AppError('bad_request', 400, AUTH_MESSAGES.tokenInvalid);

/** Sign-up, email confirmation and password reset. */
export function createAccountService({ db, mailer, publicUrl, log, background }: Deps) {
  async function sendMail(to: string, subject: string, intro: string, link: string) {
    const text = `${intro}\n\n${link}\n\nIf you did not ask for this, you can ignore this email.`;
    // The account change is committed already: a mail failure is logged, not reported as failed.
    await mailer.send({ to, subject, text, link }).catch((error: unknown) => {
      log.error({ err: error, to }, 'sending email failed');
    });
  }

  /** A new reset link for the account of `email`, if there is one, by mail. */
  async function mailResetLink(email: string) {
    const user = await usersRepo.findUserByEmail(db, email);
    if (!user) return;
    const token = randomToken();
    await db.transaction(async (tx) => {
      await tokensRepo.deleteUnusedEmailTokens(tx, user.id, 'reset');
      await tokensRepo.insertEmailToken(tx, {
        userId: user.id,
        kind: 'reset',
        tokenHash: sha256(token),
        expiresAt: new Date(Date.now() + RESET_TTL_MS),
      });
    });
    const link = `${publicUrl}/auth?reset=${token}`;
    await sendMail(user.email, 'Reset your NetGuard password', 'Choose a new password:', link);
  }

  /** Inserts a new confirm token for the user: the link to mail. */
  async function newConfirmLink(tx: Executor, userId: string) {
    const token = randomToken();
    await tokensRepo.insertEmailToken(tx, {
      userId,
      kind: 'confirm',
      tokenHash: sha256(token),
      expiresAt: new Date(Date.now() + CONFIRM_TTL_MS),
    });
    return `${publicUrl}/auth?confirm=${token}`;
  }

  /**
   * A sign-up for an email that has an account: the owner hears of it by mail (with a new
   * confirmation link while unconfirmed); the caller gets the same answer as for a new account.
   */
  async function notifyOwner(email: string) {
    const user = await usersRepo.findUserByEmail(db, email);
    if (!user) return;
    const intro = `Someone, maybe you, tried to sign up with ${user.email}, which already has a NetGuard account.`;
    if (user.emailConfirmedAt) {
      const next =
        'Sign in, or use "Forgot password?" on the sign-in page to choose a new password:';
      await sendMail(user.email, OWNER_NOTICE, `${intro}\n\n${next}`, `${publicUrl}/auth`);
      return;
    }
    const link = await newConfirmLink(db, user.id);
    await sendMail(
      user.email,
      OWNER_NOTICE,
      `${intro}\n\nConfirm your email address to use it:`,
      link,
    );
  }

  return {
    /** Answers the same whether or not the email has an account (201, same message). */
    async signUp(body: TSignUpBody, meta: RequestMeta): Promise<void> {
      // Hashed first in every case, so that a taken email does not answer sooner.
      const passwordHash = await hashPassword(body.password);
      if (await usersRepo.findUserByEmail(db, body.email)) return notifyOwner(body.email);
      const username = (body.username || defaultUsername(body.email)).slice(0, 50);
      let link: string;
      try {
        link = await db.transaction(async (tx) => {
          const { user, organizationId } = await usersRepo.insertAccount(tx, {
            email: body.email,
            passwordHash,
            username,
          });
          const entry = { userId: user.id, organizationId, action: 'user.sign_up' };
          await insertAuditLog(tx, { ...entry, resourceType: 'user', resourceId: user.id }, meta);
          return newConfirmLink(tx, user.id);
        });
      } catch (error) {
        if (isUniqueViolation(error)) return notifyOwner(body.email);
        throw error;
      }
      await sendMail(
        body.email,
        'Confirm your NetGuard account',
        'Confirm your email address:',
        link,
      );
    },

    async confirmEmail(token: string, meta: RequestMeta): Promise<void> {
      const userId = await db.transaction(async (tx) => {
        const id = await tokensRepo.consumeEmailToken(tx, sha256(token), 'confirm');
        if (!id) return undefined;
        await usersRepo.markEmailConfirmed(tx, id);
        const entry = { userId: id, organizationId: null, action: 'user.confirm_email' };
        await insertAuditLog(tx, { ...entry, resourceType: 'user', resourceId: id }, meta);
        return id;
      });
      if (!userId) throw tokenInvalid();
    },

    /**
     * Mails a reset link when the account exists; the answer never says whether it does. Only the
     * newest link works.
     */
    /**
     * Mails a reset link when the e-mail has an account. The lookup and the mail happen after the
     * answer, so that a registered e-mail and an unknown one take the same time to answer.
     */
    requestPasswordReset(email: string): void {
      background.run('password reset mail', () => mailResetLink(email));
    },

    /**
     * Sets a new password, ends every session (and the API keys when asked), lifts lockouts and
     * ends every other reset link.
     */
    async resetPassword(body: TResetWithToken, meta: RequestMeta): Promise<void> {
      const passwordHash = await hashPassword(body.password);
      const userId = await db.transaction(async (tx) => {
        const id = await tokensRepo.consumeEmailToken(tx, sha256(body.token), 'reset');
        if (!id) return undefined;
        // A refusal rolls back, so the same link works for a better password.
        await applyPasswordPolicy(tx, id, body.password);
        // Ends every other reset link too.
        await usersRepo.setPassword(tx, id, passwordHash);
        // Receiving the reset mail proves the address, so it counts as confirmed.
        await usersRepo.markEmailConfirmed(tx, id);
        await tokensRepo.revokeAllForUser(tx, id);
        // Ends every address's lockout: the failure counts start after this event.
        await insertSecurityEvent(
          tx,
          {
            userId: id,
            organizationId: null,
            eventType: 'auth_attempt',
            severity: 'low',
            description: 'Password reset with an emailed link',
            metadata: { outcome: RESET_OUTCOME },
          },
          meta,
        );
        const revokedApiKeys = body.revoke_api_keys ? await revokeAllApiKeys(tx, id) : 0;
        const entry = { userId: id, organizationId: null, action: 'user.reset_password' };
        const details = { revoked_api_keys: revokedApiKeys };
        await insertAuditLog(tx, { ...entry, resourceType: 'user', resourceId: id, details }, meta);
        return id;
      });
      if (!userId) throw tokenInvalid();
    },
  };
}

export type AccountService = ReturnType<typeof createAccountService>;
