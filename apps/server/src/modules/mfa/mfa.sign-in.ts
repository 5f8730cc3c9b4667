import {
  BACKUP_CODE_PATTERN,
  MFA_MESSAGES,
  type TMfaChallenge,
  type TMfaSignInBody,
} from '@netguard/contracts';
import type { Executor } from '../../db/client.ts';
import { randomToken, sha256 } from '../../lib/crypto.ts';
import { AppError } from '../../lib/errors.ts';
import type { RequestMeta } from '../audit/audit.repo.ts';
import { SENT_CODE_TTL_MS, type SendCode } from './mfa.delivery.ts';
import { CHALLENGE_MAX_ATTEMPTS, type Details, type FactorChecks } from './mfa.factors.ts';
import * as repo from './mfa.repo.ts';
import { type MfaSecrets, maskDestination, newNumericCode } from './mfa.secrets.ts';

type Deps = { db: Executor; secrets: MfaSecrets; checks: FactorChecks; sendCode: SendCode };

const challengeExpired = () => new AppError('unauthorized', 401, MFA_MESSAGES.challengeExpired);

/**
 * The sign-in second step. After a correct password an account with MFA on gets a challenge
 * token instead of a session (email and SMS codes are sent now); the token and one code of the
 * account's method, or an unused backup code, are then worth one session.
 */
export function createMfaSignIn({ db, secrets, checks, sendCode }: Deps) {
  return {
    /** Null when the account has MFA off: the session can be issued at once. */
    async challenge(user: { id: string; email: string }): Promise<TMfaChallenge | null> {
      const row = await repo.findSettings(db, user.id);
      if (!row?.mfaEnabled || !row.mfaMethod) return null;
      const method = row.mfaMethod;
      const token = randomToken();
      const code = method === 'totp' ? null : newNumericCode();
      await repo.insertChallenge(db, {
        userId: user.id,
        purpose: 'sign_in',
        method,
        tokenHash: sha256(token),
        codeHash: code ? secrets.hash(code) : null,
        expiresAt: new Date(Date.now() + SENT_CODE_TTL_MS),
      });
      const to = method === 'sms' ? row.phone : user.email;
      if (code && to && method !== 'totp') await sendCode({ method, to }, code, 'sign_in');
      return {
        mfa_required: true,
        challenge_token: token,
        method,
        sent_to: code && to ? maskDestination(to) : null,
      };
    },

    /** The user id the challenge was for, once its code checks; 401 otherwise. */
    async redeem(body: TMfaSignInBody, meta: RequestMeta): Promise<string> {
      const tokenHash = sha256(body.challenge_token);
      const first = await repo.findLiveChallenge(db, 'sign_in', tokenHash);
      const settings = first && (await repo.findSettings(db, first.userId));
      if (!first || !settings?.mfaEnabled || !settings.mfaMethod) throw challengeExpired();
      const userId = first.userId;
      const backup = BACKUP_CODE_PATTERN.test(body.code);
      const who = { userId, organizationId: settings.organizationId };
      const details: Details = {
        use: 'sign_in',
        method: backup ? 'backup_code' : settings.mfaMethod,
      };

      const outcome = await checks.verify(who, details, meta, async (tx, row) => {
        // Read again under the lock: a parallel attempt may have spent or consumed it.
        const challenge = await repo.findLiveChallenge(tx, 'sign_in', tokenHash, userId);
        if (!challenge || !row.mfaEnabled || challenge.attempts >= CHALLENGE_MAX_ATTEMPTS)
          return 'gone';
        const ok = backup
          ? await repo.spendBackupCode(tx, userId, secrets.hash(body.code))
          : row.mfaMethod === 'totp'
            ? row.secretEnc !== null &&
              (await checks.spendTotp(tx, userId, row.secretEnc, body.code))
            : checks.matchesHash(challenge.codeHash, body.code);
        if (!ok) {
          await repo.countAttempt(tx, challenge.id);
          return 'wrong';
        }
        await repo.consumeChallenge(tx, challenge.id);
        return 'ok';
      });
      if (outcome === 'gone') throw challengeExpired();
      if (outcome === 'wrong')
        throw new AppError('invalid_credentials', 401, MFA_MESSAGES.invalidCode);
      return userId;
    },
  };
}

export type MfaSignIn = ReturnType<typeof createMfaSignIn>;
