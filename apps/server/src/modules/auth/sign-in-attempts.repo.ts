import { LOCKOUT_MINUTES, LOCKOUT_THRESHOLD } from '@netguard/contracts';
import { and, eq, gt, lt, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { passwordAttempts, refreshTokens, users } from '../../db/schema.ts';

/** Account-wide failures after which addresses the user never signed in from are slowed down. */
export const SLOWDOWN_AFTER = 10;
/** The longest wait, in seconds, between two password checks from unfamiliar addresses. */
const SLOWDOWN_MAX_S = 60;
/** An address the user held a session from within this many days counts as the user's own. */
const FAMILIAR_DAYS = 30;
/** The account-wide row of an e-mail (its address column). */
const ACCOUNT = '*';
/** Rows untouched this long are forgotten (the periodic jobs purge them). */
const FORGET_AFTER_HOURS = 24;

export const RESET_OUTCOME = 'password_reset';

/** Whether the user held a session (signed in or refreshed) from `ip` lately; none for no user. */
export async function isFamiliarAddress(db: Executor, userId: string | null, ip: string) {
  // Unknown e-mails run the same query (on no user), so both take the same time.
  const [row] = await db
    .select({ one: sql`1` })
    .from(refreshTokens)
    .where(
      and(
        eq(refreshTokens.userId, userId ?? '00000000-0000-0000-0000-000000000000'),
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

/** Thrown inside the claim's transaction to undo it: the account is slowed down. */
class SlowedDown extends Error {
  constructor(readonly waitUntil: Date) {
    super('slowed down');
  }
}

/** A password check taken: this address's failures so far (counting this one) and its window. */
export type Claim =
  | { taken: true; failures: number; windowStartedAt: Date }
  | { taken: false; refusal: 'locked'; lockedUntil: Date }
  | { taken: false; refusal: 'slowed'; waitUntil: Date };

/**
 * Counts a password check before it is made, in one transaction whose row locks order racing
 * checks, so that counting and deciding are one step: the address's LOCKOUT_THRESHOLD-th failure
 * in LOCKOUT_MINUTES locks it out (until the window's end), and past SLOWDOWN_AFTER account-wide
 * failures an unfamiliar address gets one check per (growing) wait. A refused check counts
 * nothing. A check that proves the password is uncounted by `clearAddress`.
 */
export async function claimPasswordCheck(
  db: Executor,
  email: string,
  ip: string,
  familiar: boolean,
): Promise<Claim> {
  return db
    .transaction(async (tx) => {
      const window = sql`make_interval(mins => ${LOCKOUT_MINUTES})`;
      const stale = sql`${passwordAttempts.windowStartedAt} <= now() - ${window}`;
      const [perAddress] = await tx
        .insert(passwordAttempts)
        .values({ email, address: ip, failures: 1 })
        .onConflictDoUpdate({
          target: [passwordAttempts.email, passwordAttempts.address],
          set: {
            failures: sql`case when ${stale} then 1 else ${passwordAttempts.failures} + 1 end`,
            windowStartedAt: sql`case when ${stale} then now() else ${passwordAttempts.windowStartedAt} end`,
            updatedAt: sql`now()`,
          },
          setWhere: sql`${stale} or ${passwordAttempts.failures} < ${LOCKOUT_THRESHOLD}`,
        })
        .returning({
          failures: passwordAttempts.failures,
          windowStartedAt: passwordAttempts.windowStartedAt,
        });
      if (!perAddress) {
        const [row] = await tx
          .select({ startedAt: passwordAttempts.windowStartedAt })
          .from(passwordAttempts)
          .where(and(eq(passwordAttempts.email, email), eq(passwordAttempts.address, ip)));
        const startedAt = row?.startedAt ?? new Date();
        return {
          taken: false,
          refusal: 'locked',
          lockedUntil: new Date(startedAt.getTime() + LOCKOUT_MINUTES * 60_000),
        } as const;
      }
      const next = sql`${passwordAttempts.failures} + 1`;
      const waiting = sql`coalesce(${passwordAttempts.waitUntil} > now(), false)`;
      const [accountWide] = await tx
        .insert(passwordAttempts)
        .values({ email, address: ACCOUNT, failures: 1 })
        .onConflictDoUpdate({
          target: [passwordAttempts.email, passwordAttempts.address],
          set: {
            failures: next,
            waitUntil: sql`case when ${next} >= ${SLOWDOWN_AFTER} then ${waitAfter(next)} else ${passwordAttempts.waitUntil} end`,
            updatedAt: sql`now()`,
          },
          // The owner's own addresses are never kept waiting by others' guesses.
          setWhere: familiar
            ? undefined
            : sql`${passwordAttempts.failures} < ${SLOWDOWN_AFTER} or not ${waiting}`,
        })
        .returning({ failures: passwordAttempts.failures });
      if (!accountWide) {
        const [row] = await tx
          .select({ waitUntil: passwordAttempts.waitUntil })
          .from(passwordAttempts)
          .where(and(eq(passwordAttempts.email, email), eq(passwordAttempts.address, ACCOUNT)));
        // Nothing of this refused check counts: throwing rolls the address's increment back.
        throw new SlowedDown(row?.waitUntil ?? new Date());
      }
      return { taken: true, ...perAddress } as const;
    })
    .catch((error: unknown) => {
      if (error instanceof SlowedDown)
        return { taken: false, refusal: 'slowed', waitUntil: error.waitUntil } as const;
      throw error;
    });
}

/** A proved password from `ip` clears that address's failures and the account-wide count. */
export async function clearAddress(db: Executor, email: string, ip: string) {
  await db
    .delete(passwordAttempts)
    .where(
      and(
        eq(passwordAttempts.email, email),
        sql`${passwordAttempts.address} in (${ip}, ${ACCOUNT})`,
      ),
    );
}

/** A new password ends every address's lockout and the account-wide count of the user's e-mail. */
export async function clearAllFor(db: Executor, userId: string) {
  await db
    .delete(passwordAttempts)
    .where(
      eq(
        passwordAttempts.email,
        sql`(select ${users.email} from ${users} where ${users.id} = ${userId})`,
      ),
    );
}

/** Forgets counts nobody added to for a day (periodic jobs); returns how many. */
export async function purgeStaleAttempts(db: Executor): Promise<number> {
  const rows = await db
    .delete(passwordAttempts)
    .where(
      lt(passwordAttempts.updatedAt, sql`now() - make_interval(hours => ${FORGET_AFTER_HOURS})`),
    )
    .returning({ email: passwordAttempts.email });
  return rows.length;
}
