import type { TMfaMethod } from '@netguard/contracts';
import { and, count, desc, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import {
  mfaBackupCodes,
  mfaChallenges,
  securityEvents,
  userMfaSettings,
  users,
} from '../../db/schema.ts';

export type MfaRow = typeof userMfaSettings.$inferSelect;
export type ChallengeRow = typeof mfaChallenges.$inferSelect;
/** sign_in: the second step of a sign-in; setup: a code sent to confirm a new method; totp_used: a spent TOTP step. */
export type ChallengePurpose = 'sign_in' | 'setup' | 'totp_used';

export async function findSettings(db: Executor, userId: string) {
  const [row] = await db.select().from(userMfaSettings).where(eq(userMfaSettings.userId, userId));
  return row;
}

/** Whether the user has a second factor turned on. */
export async function hasMfa(db: Executor, userId: string): Promise<boolean> {
  const [row] = await db
    .select({ on: userMfaSettings.mfaEnabled })
    .from(userMfaSettings)
    .where(eq(userMfaSettings.userId, userId));
  return row?.on ?? false;
}

/** Reads the row and holds it until the transaction ends: one verification per user at a time. */
export async function lockSettings(tx: Executor, userId: string) {
  const [row] = await tx
    .select()
    .from(userMfaSettings)
    .where(eq(userMfaSettings.userId, userId))
    .for('update');
  return row;
}

export async function savePending(
  db: Executor,
  values: {
    userId: string;
    organizationId: string;
    pendingMethod: TMfaMethod;
    pendingSecretEnc: string | null;
    pendingPhone: string | null;
    pendingExpiresAt: Date;
  },
) {
  const { userId, organizationId, ...pending } = values;
  await db
    .insert(userMfaSettings)
    .values(values)
    .onConflictDoUpdate({
      target: userMfaSettings.userId,
      set: { ...pending, updatedAt: new Date() },
    });
}

const NO_PENDING = {
  pendingMethod: null,
  pendingSecretEnc: null,
  pendingPhone: null,
  pendingExpiresAt: null,
};

export async function clearPending(db: Executor, userId: string) {
  await db
    .update(userMfaSettings)
    .set({ ...NO_PENDING, updatedAt: new Date() })
    .where(eq(userMfaSettings.userId, userId));
}

/** The verified setup becomes the active method. */
export async function activate(
  tx: Executor,
  userId: string,
  active: { method: TMfaMethod; secretEnc: string | null; phone: string | null },
) {
  await tx
    .update(userMfaSettings)
    .set({
      mfaEnabled: true,
      mfaMethod: active.method,
      secretEnc: active.secretEnc,
      phone: active.phone,
      ...NO_PENDING,
      updatedAt: new Date(),
    })
    .where(eq(userMfaSettings.userId, userId));
}

/** MFA off: the method, its secret and every backup code and open challenge are dropped. */
export async function deactivate(tx: Executor, userId: string) {
  await tx
    .update(userMfaSettings)
    .set({
      mfaEnabled: false,
      mfaMethod: null,
      secretEnc: null,
      phone: null,
      ...NO_PENDING,
      updatedAt: new Date(),
    })
    .where(eq(userMfaSettings.userId, userId));
  await tx.delete(mfaBackupCodes).where(eq(mfaBackupCodes.userId, userId));
  await tx.delete(mfaChallenges).where(eq(mfaChallenges.userId, userId));
}

export async function replaceBackupCodes(tx: Executor, userId: string, hashes: string[]) {
  await tx.delete(mfaBackupCodes).where(eq(mfaBackupCodes.userId, userId));
  await tx.insert(mfaBackupCodes).values(hashes.map((codeHash) => ({ userId, codeHash })));
}

export async function countUnusedBackupCodes(db: Executor, userId: string) {
  const [row] = await db
    .select({ n: count() })
    .from(mfaBackupCodes)
    .where(and(eq(mfaBackupCodes.userId, userId), isNull(mfaBackupCodes.usedAt)));
  return row?.n ?? 0;
}

/** Spends an unused backup code; false when the user has no such unused code. */
export async function spendBackupCode(db: Executor, userId: string, codeHash: string) {
  const rows = await db
    .update(mfaBackupCodes)
    .set({ usedAt: new Date() })
    .where(
      and(
        eq(mfaBackupCodes.userId, userId),
        eq(mfaBackupCodes.codeHash, codeHash),
        isNull(mfaBackupCodes.usedAt),
      ),
    )
    .returning({ id: mfaBackupCodes.id });
  return rows.length > 0;
}

export async function insertChallenge(
  db: Executor,
  values: {
    userId: string;
    purpose: ChallengePurpose;
    method: TMfaMethod | null;
    tokenHash: string;
    codeHash: string | null;
    expiresAt: Date;
  },
) {
  // Expired rows of the user go first: the table only ever holds live challenges.
  await db
    .delete(mfaChallenges)
    .where(and(eq(mfaChallenges.userId, values.userId), lt(mfaChallenges.expiresAt, sql`now()`)));
  await db.insert(mfaChallenges).values(values);
}

/** A live (unconsumed, unexpired) challenge by purpose and token hash. */
export async function findLiveChallenge(
  db: Executor,
  purpose: ChallengePurpose,
  tokenHash: string,
  userId?: string,
) {
  const [row] = await db
    .select()
    .from(mfaChallenges)
    .where(
      and(
        eq(mfaChallenges.purpose, purpose),
        eq(mfaChallenges.tokenHash, tokenHash),
        userId ? eq(mfaChallenges.userId, userId) : undefined,
        isNull(mfaChallenges.consumedAt),
        gt(mfaChallenges.expiresAt, sql`now()`),
      ),
    );
  return row;
}

/** The newest live setup code sent to the user. */
export async function findLatestSetupCode(db: Executor, userId: string) {
  const [row] = await db
    .select()
    .from(mfaChallenges)
    .where(
      and(
        eq(mfaChallenges.userId, userId),
        eq(mfaChallenges.purpose, 'setup'),
        isNull(mfaChallenges.consumedAt),
        gt(mfaChallenges.expiresAt, sql`now()`),
      ),
    )
    .orderBy(desc(mfaChallenges.createdAt))
    .limit(1);
  return row;
}

export async function countAttempt(db: Executor, id: string) {
  await db
    .update(mfaChallenges)
    .set({ attempts: sql`${mfaChallenges.attempts} + 1` })
    .where(eq(mfaChallenges.id, id));
}

export async function consumeChallenge(db: Executor, id: string) {
  await db.update(mfaChallenges).set({ consumedAt: new Date() }).where(eq(mfaChallenges.id, id));
}

export async function deleteChallenges(db: Executor, userId: string, purpose: ChallengePurpose) {
  await db
    .delete(mfaChallenges)
    .where(and(eq(mfaChallenges.userId, userId), eq(mfaChallenges.purpose, purpose)));
}

/** Failed MFA verifications of the user (setup and sign-in) since `since`. */
export async function countFailuresSince(db: Executor, userId: string, since: Date) {
  const [row] = await db
    .select({ n: count() })
    .from(securityEvents)
    .where(
      and(
        eq(securityEvents.userId, userId),
        gt(securityEvents.createdAt, since),
        sql`${securityEvents.metadata}->>'outcome' = 'mfa_failed'`,
      ),
    );
  return row?.n ?? 0;
}

/** The address email codes go to. */
export async function findEmail(db: Executor, userId: string) {
  const [row] = await db.select({ email: users.email }).from(users).where(eq(users.id, userId));
  return row?.email;
}
