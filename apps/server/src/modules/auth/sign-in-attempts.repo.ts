import { LOCKOUT_MINUTES, LOCKOUT_THRESHOLD } from '@netguard/contracts';
import { and, desc, eq, gt, inArray, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { refreshTokens, securityEvents, users } from '../../db/schema.ts';

/** Account-wide failures after which addresses the user never signed in from are slowed down. */
export const SLOWDOWN_AFTER = 10;
/** The longest wait, in seconds, between two password checks from unfamiliar addresses. */
const SLOWDOWN_MAX_S = 60;
/** An address the user held a session from within this many days counts as the user's own. */
const FAMILIAR_DAYS = 30;

/** auth_attempt outcomes (security_events.metadata.outcome) of a wrong password. */
const FAILED = ['invalid_password', 'locked_now'];
/** Outcomes that prove the password from an address (clearing its failures), and a reset (all). */
const PROVEN = ['success', 'mfa_required', 'email_not_confirmed'];
export const RESET_OUTCOME = 'password_reset';

const outcome = sql<string>`${securityEvents.metadata}->>'outcome'`;

/**
 * Times of the user's recent wrong passwords from `ip`, newest first (at most the lockout
 * threshold): those of the last LOCKOUT_MINUTES since the address last proved the password and
 * since the last password reset.
 */
export async function recentFailures(db: Executor, userId: string, ip: string): Promise<Date[]> {
  const since = db
    .select({ at: sql`max(${securityEvents.createdAt})` })
    .from(securityEvents)
    .where(
      and(
        eq(securityEvents.userId, userId),
        eq(securityEvents.eventType, 'auth_attempt'),
        sql`(${outcome} = ${RESET_OUTCOME} or (${outcome} in ${PROVEN} and ${securityEvents.ipAddress} = ${ip}))`,
      ),
    );
  // One attempt is recorded in each organization of the account: count its copies once.
  const occurrence = sql`coalesce(${securityEvents.metadata}->>'occurrence', ${securityEvents.id}::text)`;
  const at = sql<Date>`max(${securityEvents.createdAt})`.mapWith(securityEvents.createdAt);
  const rows = await db
    .select({ at })
    .from(securityEvents)
    .where(
      and(
        eq(securityEvents.userId, userId),
        eq(securityEvents.ipAddress, ip),
        eq(securityEvents.eventType, 'auth_attempt'),
        inArray(outcome, FAILED),
        gt(securityEvents.createdAt, sql`now() - make_interval(mins => ${LOCKOUT_MINUTES})`),
        sql`${securityEvents.createdAt} > coalesce((${since}), '-infinity')`,
      ),
    )
    .groupBy(occurrence)
    .orderBy(desc(at))
    .limit(LOCKOUT_THRESHOLD);
  return rows.map((r) => r.at);
}

/** Whether the user held a session (signed in or refreshed) from `ip` lately. */
export async function isFamiliarAddress(db: Executor, userId: string, ip: string) {
  const [row] = await db
    .select({ one: sql`1` })
    .from(refreshTokens)
    .where(
      and(
        eq(refreshTokens.userId, userId),
        eq(refreshTokens.ip, ip),
        gt(refreshTokens.createdAt, sql`now() - make_interval(days => ${FAMILIAR_DAYS})`),
      ),
    )
    .limit(1);
  return row !== undefined;
}

/** The wait after `count` account-wide failures: 1 s at SLOWDOWN_AFTER, doubling, capped. */
const waitAfter = (count: unknown) =>
  sql`now() + make_interval(secs => least(power(2, greatest(${count} - ${SLOWDOWN_AFTER}, 0)), ${SLOWDOWN_MAX_S}))`;

/**
 * Takes the account's next password check for an unfamiliar address: at most one per wait,
 * however many arrive at once. Returns the end of the running wait when it is taken already.
 */
export async function claimSlowedAttempt(db: Executor, userId: string): Promise<Date | null> {
  const claimed = await db
    .update(users)
    .set({
      lockedUntil: sql`case when ${users.failedLoginCount} >= ${SLOWDOWN_AFTER} then ${waitAfter(users.failedLoginCount)} else ${users.lockedUntil} end`,
    })
    .where(and(eq(users.id, userId), sql`coalesce(${users.lockedUntil} <= now(), true)`))
    .returning({ id: users.id });
  if (claimed.length > 0) return null;
  const [row] = await db
    .select({ until: users.lockedUntil })
    .from(users)
    .where(eq(users.id, userId));
  return row?.until ?? null;
}

/** Counts an account-wide failure; past SLOWDOWN_AFTER the next unfamiliar check waits longer. */
export async function countFailure(db: Executor, userId: string) {
  const next = sql`${users.failedLoginCount} + 1`;
  await db
    .update(users)
    .set({
      failedLoginCount: next,
      lockedUntil: sql`case when ${next} >= ${SLOWDOWN_AFTER} then ${waitAfter(next)} else ${users.lockedUntil} end`,
    })
    .where(eq(users.id, userId));
}

export async function clearFailures(db: Executor, userId: string) {
  await db
    .update(users)
    .set({ failedLoginCount: 0, lockedUntil: null })
    .where(eq(users.id, userId));
}
