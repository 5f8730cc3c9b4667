import { MFA_MESSAGES, type TEventSeverity, type TMfaMethod } from '@netguard/contracts';
import type { Executor } from '../../db/client.ts';
import { safeEqual } from '../../lib/crypto.ts';
import { AppError } from '../../lib/errors.ts';
import { insertSecurityEvent, type RequestMeta } from '../audit/audit.repo.ts';
import type { CodeUse } from './mfa.delivery.ts';
import * as repo from './mfa.repo.ts';
import type { MfaSecrets } from './mfa.secrets.ts';
import { matchTotp } from './totp.ts';

/** Failed verifications (setup and sign-in together) a user may make per window. */
const FAILURE_LIMIT = 10;
const FAILURE_WINDOW_MS = 15 * 60_000;
/** Wrong codes one sent code or sign-in challenge accepts before it is dead. */
export const CHALLENGE_MAX_ATTEMPTS = 5;
/** A spent TOTP step is remembered past the ±1 step window it could be replayed in. */
const SPENT_STEP_TTL_MS = 3 * 60_000;

type Outcome = 'mfa_success' | 'mfa_failed' | 'mfa_throttled';
const SEVERITY: Record<Outcome, TEventSeverity> = {
  mfa_success: 'low',
  mfa_failed: 'medium',
  mfa_throttled: 'high',
};

export type Subject = { userId: string; organizationId: string | null };
export type Details = { use: CodeUse; method: TMfaMethod | 'backup_code' };
/** ok: the code matched (and was spent); wrong: it did not; gone: nothing to verify against. */
export type Attempt = 'ok' | 'wrong' | 'gone';

/** Checks shared by MFA setup and the sign-in second step, and the events they leave. */
export function createFactorChecks({ db, secrets }: { db: Executor; secrets: MfaSecrets }) {
  async function record(
    executor: Executor,
    who: Subject,
    outcome: Outcome,
    details: Details,
    meta: RequestMeta,
  ) {
    await insertSecurityEvent(
      executor,
      {
        ...who,
        eventType: 'auth_attempt',
        severity: SEVERITY[outcome],
        description: JSON.stringify({ outcome, ...details }),
        metadata: { outcome, ...details },
      },
      meta,
    );
  }

  /** Null when the secret was sealed under another server key: no code can match it then. */
  function unseal(userId: string, sealed: string) {
    try {
      return secrets.decrypt(userId, sealed);
    } catch {
      return null;
    }
  }

  return {
    /**
     * Runs one verification while holding the user's MFA row, so attempts of one user are
     * serialised: the failure count is checked first (429 past the limit: 6 digits fall to
     * enough guesses), then `attempt`, and its outcome is recorded with it.
     */
    async verify(
      who: Subject,
      details: Details,
      meta: RequestMeta,
      attempt: (tx: Executor, row: repo.MfaRow) => Promise<Attempt>,
    ): Promise<Attempt> {
      const outcome = await db.transaction(async (tx) => {
        const row = await repo.lockSettings(tx, who.userId);
        if (!row) return 'gone';
        const since = new Date(Date.now() - FAILURE_WINDOW_MS);
        if ((await repo.countFailuresSince(tx, who.userId, since)) >= FAILURE_LIMIT)
          return 'throttled';
        const result = await attempt(tx, row);
        if (result !== 'gone')
          await record(tx, who, result === 'ok' ? 'mfa_success' : 'mfa_failed', details, meta);
        return result;
      });
      if (outcome !== 'throttled') return outcome;
      await record(db, who, 'mfa_throttled', details, meta);
      throw new AppError('rate_limited', 429, MFA_MESSAGES.throttled);
    },

    /** A TOTP code of the sealed secret, each time step accepted once (RFC 6238 §5.2). */
    async spendTotp(tx: Executor, userId: string, sealed: string, code: string) {
      const key = unseal(userId, sealed);
      const step = key ? matchTotp(key, code, Date.now()) : null;
      if (step === null) return false;
      const tokenHash = secrets.hash(`totp-step:${step}`);
      if (await repo.findLiveChallenge(tx, 'totp_used', tokenHash, userId)) return false;
      await repo.insertChallenge(tx, {
        userId,
        purpose: 'totp_used',
        method: 'totp',
        tokenHash,
        codeHash: null,
        expiresAt: new Date(Date.now() + SPENT_STEP_TTL_MS),
      });
      return true;
    },

    /** Compares a typed code with a stored keyed hash in constant time. */
    matchesHash(storedHash: string | null, code: string) {
      return storedHash !== null && safeEqual(storedHash, secrets.hash(code));
    },
  };
}

export type FactorChecks = ReturnType<typeof createFactorChecks>;
