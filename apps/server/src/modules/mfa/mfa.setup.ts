import { eventRiskScore, MFA_MESSAGES, type TMfaMethod } from '@netguard/contracts';
import QRCode from 'qrcode';
import type { Executor } from '../../db/client.ts';
import { AppError } from '../../lib/errors.ts';
import { insertAuditLog, insertSecurityEvent, type RequestMeta } from '../audit/audit.repo.ts';
import type { AuthContext } from '../auth/sessions.service.ts';
import { SENT_CODE_TTL_MS, type SendCode } from './mfa.delivery.ts';
import { CHALLENGE_MAX_ATTEMPTS, type FactorChecks } from './mfa.factors.ts';
import * as repo from './mfa.repo.ts';
import {
  type MfaSecrets,
  maskDestination,
  newBackupCodes,
  newNumericCode,
  newTotpKey,
} from './mfa.secrets.ts';
import { otpauthUri, toBase32 } from './totp.ts';

/** A started setup that is not verified within this time must be started again. */
const SETUP_TTL_MS = SENT_CODE_TTL_MS;
const ISSUER = 'NetGuard';

type Deps = { db: Executor; secrets: MfaSecrets; checks: FactorChecks; sendCode: SendCode };

export type SetupStarted = {
  qr_code_url: string | null;
  secret: string | null;
  sent_to: string | null;
};

/**
 * Turning MFA on: `start` keeps a pending method (a new TOTP key, or a code sent by email or
 * SMS); `confirm` checks the first code, makes the method active and issues the backup codes.
 */
export function createMfaSetup({ db, secrets, checks, sendCode }: Deps) {
  const audit = (auth: AuthContext, action: string, method: TMfaMethod, meta: RequestMeta) =>
    insertAuditLog(
      db,
      {
        userId: auth.userId,
        organizationId: auth.organizationId,
        action,
        resourceType: 'mfa',
        resourceId: auth.userId,
        details: { method },
      },
      meta,
    );

  async function start(
    auth: AuthContext,
    body: { method: TMfaMethod; phone?: string },
    meta: RequestMeta,
  ): Promise<SetupStarted> {
    if ((await repo.findSettings(db, auth.userId))?.mfaEnabled)
      throw new AppError('conflict', 409, MFA_MESSAGES.alreadyEnabled);
    if (body.method === 'sms' && !body.phone)
      throw new AppError('validation_error', 400, MFA_MESSAGES.phoneRequired);
    const email = await repo.findEmail(db, auth.userId);
    if (!email) throw new AppError('unauthorized', 401, 'Session expired');
    const pending = {
      userId: auth.userId,
      organizationId: auth.organizationId,
      pendingMethod: body.method,
      pendingExpiresAt: new Date(Date.now() + SETUP_TTL_MS),
    };
    await repo.deleteChallenges(db, auth.userId, 'setup');

    if (body.method === 'totp') {
      const key = newTotpKey();
      const sealed = secrets.encrypt(auth.userId, key);
      await repo.savePending(db, { ...pending, pendingSecretEnc: sealed, pendingPhone: null });
      await audit(auth, 'mfa.setup_start', body.method, meta);
      const uri = otpauthUri(key, email, ISSUER);
      const qr = await QRCode.toDataURL(uri, { errorCorrectionLevel: 'M', margin: 1, width: 240 });
      return { qr_code_url: qr, secret: toBase32(key), sent_to: null };
    }

    const to = body.method === 'sms' ? (body.phone as string) : email;
    const code = newNumericCode();
    await repo.savePending(db, {
      ...pending,
      pendingSecretEnc: null,
      pendingPhone: body.method === 'sms' ? to : null,
    });
    await repo.insertChallenge(db, {
      userId: auth.userId,
      purpose: 'setup',
      method: body.method,
      tokenHash: secrets.hash(code),
      codeHash: null,
      expiresAt: pending.pendingExpiresAt,
    });
    await audit(auth, 'mfa.setup_start', body.method, meta);
    await sendCode({ method: body.method, to }, code, 'setup');
    return { qr_code_url: null, secret: null, sent_to: maskDestination(to) };
  }

  /** The first code of the pending setup: checked, then the method goes live. */
  async function confirm(
    auth: AuthContext,
    body: { method: TMfaMethod; verification_code: string },
    meta: RequestMeta,
  ): Promise<string[]> {
    const { method, verification_code: code } = body;
    const who = { userId: auth.userId, organizationId: auth.organizationId };
    const codes = newBackupCodes();
    const outcome = await checks.verify(who, { use: 'setup', method }, meta, async (tx, row) => {
      const live = row.pendingExpiresAt && row.pendingExpiresAt.getTime() > Date.now();
      if (!live || row.pendingMethod !== method) return 'gone';
      if (method === 'totp') {
        if (!row.pendingSecretEnc) return 'gone';
        if (!(await checks.spendTotp(tx, auth.userId, row.pendingSecretEnc, code))) return 'wrong';
      } else {
        const sent = await repo.findLatestSetupCode(tx, auth.userId);
        if (!sent || sent.attempts >= CHALLENGE_MAX_ATTEMPTS) return 'gone';
        if (!checks.matchesHash(sent.tokenHash, code)) {
          await repo.countAttempt(tx, sent.id);
          return 'wrong';
        }
      }
      await repo.activate(tx, auth.userId, {
        method,
        secretEnc: method === 'totp' ? row.pendingSecretEnc : null,
        phone: row.pendingPhone,
      });
      await repo.replaceBackupCodes(tx, auth.userId, codes.map(secrets.hash));
      await repo.deleteChallenges(tx, auth.userId, 'setup');
      return 'ok';
    });
    if (outcome === 'gone') throw new AppError('bad_request', 400, MFA_MESSAGES.noSetup);
    if (outcome === 'wrong') throw new AppError('bad_request', 400, MFA_MESSAGES.invalidCode);
    await audit(auth, 'mfa.enable', method, meta);
    await insertSecurityEvent(
      db,
      {
        userId: auth.userId,
        organizationId: auth.organizationId,
        eventType: 'auth_attempt',
        severity: 'low',
        description: `MFA enabled: ${method}`,
        metadata: {
          outcome: 'mfa_enabled',
          method,
          riskScore: eventRiskScore('auth_attempt', 'low'),
        },
      },
      meta,
    );
    return codes;
  }

  return { start, confirm };
}

export type MfaSetup = ReturnType<typeof createMfaSetup>;
