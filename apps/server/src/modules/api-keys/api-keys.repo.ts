import { and, desc, eq, isNull, lt, or } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { apiKeys, userRoles } from '../../db/schema.ts';

export type ApiKeyRow = typeof apiKeys.$inferSelect;

export async function insertApiKey(
  db: Executor,
  values: { userId: string; organizationId: string; name: string; prefix: string; keyHash: string },
): Promise<ApiKeyRow> {
  const [row] = await db.insert(apiKeys).values(values).returning();
  if (!row) throw new Error('api key insert returned nothing');
  return row;
}

/** The caller's keys that are not revoked, newest first. */
export function listApiKeys(db: Executor, userId: string) {
  return db
    .select()
    .from(apiKeys)
    .where(and(eq(apiKeys.userId, userId), isNull(apiKeys.revokedAt)))
    .orderBy(desc(apiKeys.createdAt));
}

/** Revokes one of the caller's keys; false when it is not theirs or already revoked. */
export async function revokeApiKey(db: Executor, userId: string, id: string): Promise<boolean> {
  const rows = await db
    .update(apiKeys)
    .set({ revokedAt: new Date() })
    .where(and(eq(apiKeys.id, id), eq(apiKeys.userId, userId), isNull(apiKeys.revokedAt)))
    .returning({ id: apiKeys.id });
  return rows.length > 0;
}

/** Revokes every live key of the user (with a password reset or change, or sign-out-all). */
export async function revokeAllApiKeys(db: Executor, userId: string): Promise<number> {
  const rows = await db
    .update(apiKeys)
    .set({ revokedAt: new Date() })
    .where(and(eq(apiKeys.userId, userId), isNull(apiKeys.revokedAt)))
    .returning({ id: apiKeys.id });
  return rows.length;
}

/** A live key by its hash, with its owner's role in the key's organization. */
export async function findLiveKey(db: Executor, keyHash: string) {
  const [row] = await db
    .select({ key: apiKeys, role: userRoles.role })
    .from(apiKeys)
    .innerJoin(
      userRoles,
      and(
        eq(userRoles.userId, apiKeys.userId),
        eq(userRoles.organizationId, apiKeys.organizationId),
      ),
    )
    .where(and(eq(apiKeys.keyHash, keyHash), isNull(apiKeys.revokedAt)));
  return row;
}

/** Records use, at most once a minute per key. */
export async function touchApiKey(db: Executor, id: string, now: Date) {
  await db
    .update(apiKeys)
    .set({ lastUsedAt: now })
    .where(
      and(
        eq(apiKeys.id, id),
        or(isNull(apiKeys.lastUsedAt), lt(apiKeys.lastUsedAt, new Date(now.getTime() - 60_000))),
      ),
    );
}

/**
 * Records use like touchApiKey and says whether this is the key's first use in the current clock
 * hour (its last use was in an earlier hour, or never): one caller wins, however many race.
 */
export async function touchApiKeyHourly(db: Executor, id: string, now: Date): Promise<boolean> {
  const hour = new Date(now);
  hour.setUTCMinutes(0, 0, 0);
  const [first] = await db
    .update(apiKeys)
    .set({ lastUsedAt: now })
    .where(and(eq(apiKeys.id, id), or(isNull(apiKeys.lastUsedAt), lt(apiKeys.lastUsedAt, hour))))
    .returning({ id: apiKeys.id });
  if (first) return true;
  await touchApiKey(db, id, now);
  return false;
}
