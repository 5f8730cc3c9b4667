import type { TProfile, TUpdateProfileBody } from '@netguard/contracts';
import type { Executor } from '../../db/client.ts';
import { notFound } from '../../lib/errors.ts';
import { insertAuditLog, type RequestMeta } from '../audit/audit.repo.ts';
import type { AuthContext } from '../auth/sessions.service.ts';
import type { SubscriptionService } from '../subscription/subscription.service.ts';
import * as repo from './profile.repo.ts';

type Deps = { db: Executor; subscription: SubscriptionService };

/** Empty strings clear a field; undefined leaves it alone. */
function cleared(value: string | null | undefined) {
  if (value === undefined) return undefined;
  return value === null || value.trim() === '' ? null : value.trim();
}

export function createProfileService({ db, subscription }: Deps) {
  async function get(auth: AuthContext): Promise<TProfile> {
    const [row, status] = await Promise.all([
      repo.findProfile(db, auth.userId),
      subscription.status(auth),
    ]);
    if (!row) throw notFound('Profile');
    return {
      user_id: row.userId,
      email: row.email,
      username: row.username,
      company_name: row.companyName,
      // Derived from the live subscription so it never disagrees with billing.
      subscription_tier: status.tier,
      updated_at: row.updatedAt.toISOString(),
    };
  }

  return {
    get,
    async update(auth: AuthContext, body: TUpdateProfileBody, meta: RequestMeta) {
      const patch = { username: cleared(body.username), companyName: cleared(body.company_name) };
      await db.transaction(async (tx) => {
        await repo.updateProfile(tx, auth.userId, patch);
        const entry = { userId: auth.userId, organizationId: auth.organizationId };
        const fields = Object.keys(body);
        await insertAuditLog(
          tx,
          {
            ...entry,
            action: 'profile.update',
            resourceType: 'profile',
            resourceId: auth.userId,
            details: { fields },
          },
          meta,
        );
      });
      return get(auth);
    },
  };
}

export type ProfileService = ReturnType<typeof createProfileService>;
