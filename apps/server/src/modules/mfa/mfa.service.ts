import {
  eventRiskScore,
  MFA_MESSAGES,
  type TMfaActionBody,
  type TMfaActionResult,
  type TMfaSettings,
} from '@netguard/contracts';
import type { Executor } from '../../db/client.ts';
import { AppError } from '../../lib/errors.ts';
import { requireSession } from '../api-keys/api-keys.service.ts';
import { insertAuditLog, insertSecurityEvent, type RequestMeta } from '../audit/audit.repo.ts';
import type { AuthContext } from '../auth/sessions.service.ts';
import type { SubscriptionService } from '../subscription/subscription.service.ts';
import * as repo from './mfa.repo.ts';
import { maskDestination } from './mfa.secrets.ts';
import type { MfaSetup } from './mfa.setup.ts';

type Deps = {
  db: Executor;
  setup: MfaSetup;
  subscription: Pick<SubscriptionService, 'includes'>;
  /** Re-authentication before turning MFA off (the account service's password check). */
  confirmPassword: (auth: AuthContext, password: string, meta: RequestMeta) => Promise<unknown>;
};

const NOTHING = { qr_code_url: null, secret: null, sent_to: null, backup_codes: null };

/** The caller's own MFA settings (manage-mfa): every read and write is keyed by auth.userId. */
export function createMfaService({ db, setup, subscription, confirmPassword }: Deps) {
  async function get(auth: AuthContext): Promise<TMfaSettings> {
    const row = await repo.findSettings(db, auth.userId);
    const enabled = row?.mfaEnabled === true;
    const pendingLive = !!row?.pendingExpiresAt && row.pendingExpiresAt.getTime() > Date.now();
    const email =
      enabled && row?.mfaMethod === 'email' ? await repo.findEmail(db, auth.userId) : null;
    const to = row?.mfaMethod === 'sms' ? row.phone : email;
    return {
      mfa_enabled: enabled,
      mfa_method: enabled ? (row?.mfaMethod ?? null) : null,
      destination: enabled && to ? maskDestination(to) : null,
      backup_codes_remaining: enabled ? await repo.countUnusedBackupCodes(db, auth.userId) : 0,
      pending_method: !enabled && pendingLive ? (row?.pendingMethod ?? null) : null,
    };
  }

  async function disable(auth: AuthContext, password: string, meta: RequestMeta) {
    await confirmPassword(auth, password, meta);
    if (!(await repo.findSettings(db, auth.userId))?.mfaEnabled)
      throw new AppError('bad_request', 400, MFA_MESSAGES.notEnabled);
    await db.transaction(async (tx) => {
      await repo.deactivate(tx, auth.userId);
      await insertAuditLog(
        tx,
        {
          userId: auth.userId,
          organizationId: auth.organizationId,
          action: 'mfa.disable',
          resourceType: 'mfa',
          resourceId: auth.userId,
        },
        meta,
      );
      // Turning the second factor off weakens the account: worth a look.
      await insertSecurityEvent(
        tx,
        {
          userId: auth.userId,
          organizationId: auth.organizationId,
          eventType: 'suspicious_activity',
          severity: 'medium',
          description: 'MFA disabled',
          metadata: {
            outcome: 'mfa_disabled',
            riskScore: eventRiskScore('suspicious_activity', 'medium'),
          },
        },
        meta,
      );
    });
  }

  async function perform(auth: AuthContext, body: TMfaActionBody, meta: RequestMeta) {
    switch (body.action) {
      case 'enable':
        if (!(await subscription.includes(auth.organizationId, 'mfa')))
          throw new AppError('payment_required', 402, MFA_MESSAGES.paidOnly);
        return setup.start(auth, body, meta);
      case 'verify':
        return { backup_codes: await setup.confirm(auth, body, meta) };
      case 'cancel':
        await repo.clearPending(db, auth.userId);
        await repo.deleteChallenges(db, auth.userId, 'setup');
        return {};
      case 'disable':
        await disable(auth, body.password, meta);
        return {};
    }
  }

  return {
    get,

    async act(
      auth: AuthContext,
      body: TMfaActionBody,
      meta: RequestMeta,
    ): Promise<TMfaActionResult> {
      requireSession(auth);
      const produced = await perform(auth, body, meta);
      return { ...NOTHING, ...produced, settings: await get(auth) };
    },
  };
}

export type MfaService = ReturnType<typeof createMfaService>;
