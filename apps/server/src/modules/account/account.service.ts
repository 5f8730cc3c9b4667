import { ORGANIZATION_TEXT, SETTINGS_TEXT } from '@netguard/contracts';
import { and, eq, isNull, ne } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { organizations, refreshTokens, users } from '../../db/schema.ts';
import { hashPassword } from '../../lib/crypto.ts';
import { AppError } from '../../lib/errors.ts';
import { revokeAllApiKeys } from '../api-keys/api-keys.repo.ts';
import { requireSession } from '../api-keys/api-keys.service.ts';
import { insertAuditLog, insertSecurityEvent, type RequestMeta } from '../audit/audit.repo.ts';
import {
  createPasswordGuard,
  PASSWORD_OUTCOME_SEVERITY,
  type PasswordOutcome,
} from '../auth/password-guard.ts';
import type { AuthContext } from '../auth/sessions.service.ts';
import { revokeAllForUser } from '../auth/tokens.repo.ts';
import { setPassword } from '../auth/users.repo.ts';
import {
  handOverOwnedOrganizations,
  soleAdminOrganizations,
} from '../organization/organization.repo.ts';
import { applyPasswordPolicy } from '../security-center/policies.ts';
import { collectAccountData } from './account.export.ts';

const REAUTH_REASON: Record<PasswordOutcome | 'success', string> = {
  success: 're-authentication succeeded',
  invalid_password: 'wrong password on re-authentication',
  locked_now: 'wrong password on re-authentication: address locked out',
  account_locked: 're-authentication from a locked-out address',
  slowed_down: 're-authentication refused: account slowed down',
};

type Deps = {
  db: Executor;
  /** Called after an account deletion took organizations with it (their files are not rows). */
  organizationsDeleted?: (organizationIds: string[]) => Promise<void>;
};

/** The signed-in user's own account: password, sessions, export and deletion. */
export function createAccountSelfService({ db, organizationsDeleted }: Deps) {
  const checkPassword = createPasswordGuard(db);

  /**
   * Re-authentication: the current password must match, within the sign-in failure budget of
   * the user and address (400 when wrong, 423 or 429 past it); every attempt is a security event.
   */
  async function confirmPassword(auth: AuthContext, password: string, meta: RequestMeta) {
    requireSession(auth);
    const [user] = await db.select().from(users).where(eq(users.id, auth.userId));
    if (!user) throw new AppError('bad_request', 400, SETTINGS_TEXT.wrongPassword);
    const record = (outcome: PasswordOutcome | 'success') =>
      insertSecurityEvent(
        db,
        {
          userId: auth.userId,
          organizationId: auth.organizationId,
          eventType: 'auth_attempt',
          severity: outcome === 'success' ? 'low' : PASSWORD_OUTCOME_SEVERITY[outcome],
          description: JSON.stringify({ reason: REAUTH_REASON[outcome], outcome }),
          metadata: { outcome, reauthentication: true },
        },
        meta,
      );
    if (!(await checkPassword(user.email, user, password, meta.ip, record)))
      throw new AppError('bad_request', 400, SETTINGS_TEXT.wrongPassword);
    await record('success');
    return user;
  }

  const audit = (
    auth: AuthContext,
    action: string,
    meta: RequestMeta,
    details?: Record<string, unknown>,
  ) =>
    insertAuditLog(
      db,
      {
        userId: auth.userId,
        organizationId: auth.organizationId,
        action,
        resourceType: 'user',
        resourceId: auth.userId,
        ...(details ? { details } : {}),
      },
      meta,
    );

  /** Revokes the user's API keys when asked: their count, for the audit row. */
  const revokeKeysIf = async (asked: boolean | undefined, userId: string) => ({
    revoked_api_keys: asked ? await revokeAllApiKeys(db, userId) : 0,
  });

  return {
    confirmPassword,

    /** Sets a new password; every other session of the user ends, this one stays. */
    async changePassword(
      auth: AuthContext,
      body: { current_password: string; new_password: string; revoke_api_keys?: boolean },
      meta: RequestMeta,
    ) {
      await confirmPassword(auth, body.current_password, meta);
      await applyPasswordPolicy(db, auth.userId, body.new_password);
      await setPassword(db, auth.userId, await hashPassword(body.new_password));
      await db
        .update(refreshTokens)
        .set({ revokedAt: new Date() })
        .where(
          and(
            eq(refreshTokens.userId, auth.userId),
            ne(refreshTokens.familyId, auth.sessionId),
            isNull(refreshTokens.revokedAt),
          ),
        );
      const details = await revokeKeysIf(body.revoke_api_keys, auth.userId);
      await audit(auth, 'user.password_change', meta, details);
    },

    /** Ends every session of the user, this one included (and the API keys when asked). */
    async signOutEverywhere(auth: AuthContext, revokeApiKeys: boolean, meta: RequestMeta) {
      requireSession(auth);
      await revokeAllForUser(db, auth.userId);
      const details = await revokeKeysIf(revokeApiKeys, auth.userId);
      await audit(auth, 'user.sign_out_all', meta, details);
    },

    async exportData(auth: AuthContext, meta: RequestMeta) {
      requireSession(auth);
      await audit(auth, 'user.export', meta);
      return collectAccountData(db, auth.userId);
    },

    /**
     * Deletes the user and the organizations it owns alone, with all their data; one shared with
     * another admin goes to that admin. Refused while the user is the only admin of a team.
     */
    async deleteAccount(auth: AuthContext, password: string, meta: RequestMeta) {
      const user = await confirmPassword(auth, password, meta);
      const deleted = await db.transaction(async (tx) => {
        const blocking = await soleAdminOrganizations(tx, user.id);
        if (blocking.length)
          throw new AppError('conflict', 409, ORGANIZATION_TEXT.onlyAdminDelete(blocking));
        await handOverOwnedOrganizations(tx, user.id);
        // What the user still owns goes with the user (by cascade).
        const owned = await tx
          .select({ id: organizations.id })
          .from(organizations)
          .where(eq(organizations.ownerId, user.id));
        await insertAuditLog(
          tx,
          {
            userId: null,
            organizationId: null,
            action: 'user.delete',
            resourceType: 'user',
            resourceId: user.id,
          },
          meta,
        );
        await tx.delete(users).where(eq(users.id, user.id));
        return owned.map((o) => o.id);
      });
      if (deleted.length) await organizationsDeleted?.(deleted);
    },
  };
}

export type AccountSelfService = ReturnType<typeof createAccountSelfService>;
