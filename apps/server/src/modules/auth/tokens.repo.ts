import { and, eq, exists, gt, isNull, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { emailTokens, refreshTokens, userRoles } from '../../db/schema.ts';

export type EmailTokenKind = 'confirm' | 'reset';

export async function insertEmailToken(
  db: Executor,
  values: { userId: string; kind: EmailTokenKind; tokenHash: string; expiresAt: Date },
) {
  await db.insert(emailTokens).values(values);
}

/** Drops the user's unused tokens of a kind: a new reset link, or a used one, ends the others. */
export async function deleteUnusedEmailTokens(db: Executor, userId: string, kind: EmailTokenKind) {
  await db
    .delete(emailTokens)
    .where(
      and(eq(emailTokens.userId, userId), eq(emailTokens.kind, kind), isNull(emailTokens.usedAt)),
    );
}

/** Marks an unused, unexpired token as used and returns its user id; undefined when invalid. */
export async function consumeEmailToken(db: Executor, tokenHash: string, kind: EmailTokenKind) {
  const [row] = await db
    .update(emailTokens)
    .set({ usedAt: new Date() })
    .where(
      and(
        eq(emailTokens.tokenHash, tokenHash),
        eq(emailTokens.kind, kind),
        isNull(emailTokens.usedAt),
        gt(emailTokens.expiresAt, sql`now()`),
      ),
    )
    .returning({ userId: emailTokens.userId });
  return row?.userId;
}

export type NewRefreshToken = {
  userId: string;
  familyId: string;
  tokenHash: string;
  expiresAt: Date;
  userAgent: string | null;
  ip: string;
};

/** Inserts a refresh token; undefined when one with the same hash exists (a concurrent rotation). */
export async function insertRefreshToken(db: Executor, values: NewRefreshToken) {
  const [row] = await db
    .insert(refreshTokens)
    .values(values)
    .onConflictDoNothing({ target: refreshTokens.tokenHash })
    .returning({ id: refreshTokens.id });
  return row?.id;
}

export async function findRefreshToken(db: Executor, tokenHash: string) {
  const [row] = await db.select().from(refreshTokens).where(eq(refreshTokens.tokenHash, tokenHash));
  return row;
}

export async function findRefreshTokenById(db: Executor, id: string) {
  const [row] = await db.select().from(refreshTokens).where(eq(refreshTokens.id, id));
  return row;
}

/** Revokes a token in favour of its successor; false when it was already revoked (a race). */
export async function markRotated(db: Executor, id: string, replacedById: string) {
  const rows = await db
    .update(refreshTokens)
    .set({ revokedAt: new Date(), replacedById })
    .where(and(eq(refreshTokens.id, id), isNull(refreshTokens.revokedAt)))
    .returning({ id: refreshTokens.id });
  return rows.length === 1;
}

export async function revokeFamily(db: Executor, familyId: string) {
  await db
    .update(refreshTokens)
    .set({ revokedAt: new Date() })
    .where(and(eq(refreshTokens.familyId, familyId), isNull(refreshTokens.revokedAt)));
}

export async function revokeAllForUser(db: Executor, userId: string) {
  await db
    .update(refreshTokens)
    .set({ revokedAt: new Date() })
    .where(and(eq(refreshTokens.userId, userId), isNull(refreshTokens.revokedAt)));
}

/**
 * The caller's role when the access token's session (refresh family) is still live and the user
 * still belongs to the organization; undefined otherwise. One query per authenticated request.
 */
export async function findLiveSessionRole(
  db: Executor,
  claims: { userId: string; organizationId: string; sessionId: string },
) {
  const live = db
    .select({ one: sql`1` })
    .from(refreshTokens)
    .where(
      and(
        eq(refreshTokens.familyId, claims.sessionId),
        eq(refreshTokens.userId, claims.userId),
        isNull(refreshTokens.revokedAt),
        gt(refreshTokens.expiresAt, sql`now()`),
      ),
    );
  const [row] = await db
    .select({ role: userRoles.role })
    .from(userRoles)
    .where(
      and(
        eq(userRoles.userId, claims.userId),
        eq(userRoles.organizationId, claims.organizationId),
        exists(live),
      ),
    );
  return row?.role;
}
