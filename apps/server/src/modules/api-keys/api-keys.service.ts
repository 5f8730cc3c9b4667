import { randomBytes } from 'node:crypto';
import {
  API_KEY_PATTERN,
  API_KEY_PREFIX,
  eventRiskScore,
  SECURITY_CENTER_TEXT,
  SETTINGS_TEXT,
  type TApiKey,
} from '@netguard/contracts';
import type { Executor } from '../../db/client.ts';
import { sha256 } from '../../lib/crypto.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import { insertAuditLog, insertSecurityEvent, type RequestMeta } from '../audit/audit.repo.ts';
import { appendSecurityEvents } from '../audit/security-events.ts';
import type { AuthContext } from '../auth/sessions.service.ts';
import { findPolicyRow } from '../security-center/policies.ts';
import type { SubscriptionService } from '../subscription/subscription.service.ts';
import * as repo from './api-keys.repo.ts';

/** Characters of the key kept for display: the prefix and the first 8 hex digits. */
const DISPLAY_CHARS = API_KEY_PREFIX.length + 8;

const toApiKey = (row: repo.ApiKeyRow): TApiKey => ({
  id: row.id,
  name: row.name,
  prefix: row.prefix,
  created_at: row.createdAt.toISOString(),
  last_used_at: row.lastUsedAt?.toISOString() ?? null,
});

/** Only a session (not another API key) may manage keys and the account. */
export function requireSession(auth: AuthContext) {
  if (auth.apiKeyId)
    throw new AppError('forbidden', 403, 'This action needs a signed-in session, not an API key');
}

/**
 * REST API keys: `ngk_` + 64 hex characters (32 random bytes), shown once, stored as SHA-256
 * (the key has 256 bits of entropy, so a fast hash is enough). Accepted as
 * `Authorization: Bearer` while the organization's plan includes API access (the plan matrix).
 */
export function createApiKeyService({
  db,
  subscription,
}: {
  db: Executor;
  subscription: SubscriptionService;
}) {
  async function assertPaid(auth: AuthContext) {
    if (!(await subscription.includes(auth.organizationId, 'api_access')))
      throw new AppError('payment_required', 402, SETTINGS_TEXT.apiKeysPaidOnly);
  }

  /** A key credential appeared or went away: a privilege change of the owner. */
  const keyEvent = (
    auth: AuthContext,
    severity: 'low' | 'medium',
    description: string,
    apiKeyId: string,
    outcome: string,
    meta: RequestMeta,
  ) =>
    insertSecurityEvent(
      db,
      {
        ...owner(auth),
        eventType: 'privilege_escalation',
        severity,
        description,
        metadata: {
          outcome,
          apiKeyId,
          riskScore: eventRiskScore('privilege_escalation', severity),
        },
      },
      meta,
    );

  return {
    async list(auth: AuthContext): Promise<TApiKey[]> {
      return (await repo.listApiKeys(db, auth.userId)).map(toApiKey);
    },

    async create(auth: AuthContext, name: string, meta: RequestMeta) {
      requireSession(auth);
      if ((await findPolicyRow(db, auth.organizationId))?.apiKeysAllowed === false)
        throw new AppError('forbidden', 403, SECURITY_CENTER_TEXT.apiKeysDisabled);
      await assertPaid(auth);
      const key = `${API_KEY_PREFIX}${randomBytes(32).toString('hex')}`;
      const row = await repo.insertApiKey(db, {
        userId: auth.userId,
        organizationId: auth.organizationId,
        name,
        prefix: key.slice(0, DISPLAY_CHARS),
        keyHash: sha256(key),
      });
      await insertAuditLog(
        db,
        { ...owner(auth), action: 'api_key.create', resourceType: 'api_key', resourceId: row.id },
        meta,
      );
      await keyEvent(
        auth,
        'medium',
        `API key created: ${row.prefix}`,
        row.id,
        'api_key.create',
        meta,
      );
      return { ...toApiKey(row), key };
    },

    async revoke(auth: AuthContext, id: string, meta: RequestMeta) {
      requireSession(auth);
      if (!(await repo.revokeApiKey(db, auth.userId, id))) throw notFound('API key');
      await insertAuditLog(
        db,
        { ...owner(auth), action: 'api_key.revoke', resourceType: 'api_key', resourceId: id },
        meta,
      );
      await keyEvent(auth, 'low', 'API key revoked', id, 'api_key.revoke', meta);
    },

    /**
     * The caller behind an API key, or null when unknown, revoked or the plan lapsed; 403 when
     * the organization's data access policy refuses API keys (before the key counts as used).
     */
    async authenticate(bearer: string): Promise<AuthContext | null> {
      if (!API_KEY_PATTERN.test(bearer)) return null;
      const found = await repo.findLiveKey(db, sha256(bearer));
      if (!found) return null;
      const auth: AuthContext = {
        userId: found.key.userId,
        organizationId: found.key.organizationId,
        role: found.role,
        sessionId: `api-key:${found.key.id}`,
        apiKeyId: found.key.id,
      };
      if (!(await subscription.includes(auth.organizationId, 'api_access'))) return null;
      if ((await findPolicyRow(db, auth.organizationId))?.apiKeysAllowed === false)
        throw new AppError('forbidden', 403, SECURITY_CENTER_TEXT.apiKeysDisabled);
      // One auth_attempt event per key per clock hour: enough to see use without a flood.
      if (await repo.touchApiKeyHourly(db, found.key.id, new Date()))
        await appendSecurityEvents(db, [
          {
            ...owner(auth),
            eventType: 'auth_attempt',
            severity: 'low',
            description: `API key used: ${found.key.prefix}`,
            metadata: {
              outcome: 'api_key_use',
              apiKeyId: found.key.id,
              riskScore: eventRiskScore('auth_attempt', 'low'),
            },
            ipAddress: null,
            userAgent: null,
          },
        ]);
      return auth;
    },
  };
}

const owner = (auth: AuthContext) => ({ userId: auth.userId, organizationId: auth.organizationId });

export type ApiKeyService = ReturnType<typeof createApiKeyService>;
