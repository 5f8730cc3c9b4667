import { AUTH_MESSAGES, LOCKOUT_MINUTES, LOCKOUT_THRESHOLD } from '@netguard/contracts';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { passwordAttempts, securityEvents, users } from '../src/db/schema.ts';
import { SLOWDOWN_AFTER } from '../src/modules/auth/sign-in-attempts.repo.ts';
import {
  type Account,
  createAccount,
  createTestApp,
  mailedToken,
  PASSWORD,
  type TestContext,
} from './helpers.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx?.close());

const WRONG = 'Wr0ng!Password';
/** Addresses of other people (documentation range); the owner signs in from 127.0.0.1. */
const foreign = (n: number) => `203.0.113.${n}`;

function signInFrom(ip: string, email: string, password = PASSWORD) {
  return ctx.app.inject({
    method: 'POST',
    url: '/api/auth/sign-in',
    payload: { email, password },
    remoteAddress: ip,
  });
}

async function statusesFrom(ips: string[], email: string, password = WRONG) {
  const statuses: number[] = [];
  for (const ip of ips) statuses.push((await signInFrom(ip, email, password)).statusCode);
  return statuses;
}

const range = (from: number, count: number) => Array.from({ length: count }, (_, i) => from + i);

async function eventOutcomes(userId: string) {
  const rows = await ctx.db
    .select({ outcome: sql<string>`${securityEvents.metadata}->>'outcome'` })
    .from(securityEvents)
    .where(eq(securityEvents.userId, userId))
    .orderBy(securityEvents.createdAt);
  return rows.map((r) => r.outcome);
}

/** Moves an account's sign-in failures back in time, as if `minutes` had passed. */
async function age(account: Account, minutes: number) {
  const back = (
    column: typeof securityEvents.createdAt | typeof passwordAttempts.windowStartedAt,
  ) => sql`${column} - make_interval(mins => ${minutes})`;
  // The event log is append-only (a trigger refuses updates): the test steps around it.
  await ctx.db.transaction(async (tx) => {
    await tx.execute(sql`set local session_replication_role = replica`);
    await tx
      .update(securityEvents)
      .set({ createdAt: back(securityEvents.createdAt) })
      .where(eq(securityEvents.userId, account.userId));
  });
  await ctx.db
    .update(passwordAttempts)
    .set({ windowStartedAt: back(passwordAttempts.windowStartedAt) })
    .where(eq(passwordAttempts.email, account.email));
}

/** The account-wide count of an e-mail (failures, and the wait of unfamiliar addresses). */
async function accountWide(email: string) {
  const [row] = await ctx.db
    .select()
    .from(passwordAttempts)
    .where(and(eq(passwordAttempts.email, email), eq(passwordAttempts.address, '*')));
  return row;
}

/** Sets the account-wide count of an e-mail (a wait of `waitMs` from now; negative: over). */
async function setAccountWide(email: string, failures: number, waitMs: number) {
  const waitUntil = new Date(Date.now() + waitMs);
  await ctx.db
    .insert(passwordAttempts)
    .values({ email, address: '*', failures, waitUntil })
    .onConflictDoUpdate({
      target: [passwordAttempts.email, passwordAttempts.address],
      set: { failures, waitUntil },
    });
}

describe('sign-in throttling: strangers cannot lock the owner out', () => {
  it('failures from 20 other addresses leave the owner able to sign in from their own', async () => {
    const owner = await createAccount(ctx, 'victim@example.com');
    const statuses = await statusesFrom(range(1, 20).map(foreign), owner.email);
    const own = await signInFrom('127.0.0.1', owner.email);
    expect(own.statusCode).toBe(200);
    expect(statuses.every((s) => s === 401 || s === 429)).toBe(true);
  });

  it('locks an address out of an account after 5 failures, that address and account only', async () => {
    const owner = await createAccount(ctx, 'one-address@example.com');
    const other = await createAccount(ctx, 'same-address@example.com');
    const guesser = foreign(50);
    const first = await statusesFrom(Array(LOCKOUT_THRESHOLD - 1).fill(guesser), owner.email);
    expect(first).toEqual([401, 401, 401, 401]);
    const locking = await signInFrom(guesser, owner.email, WRONG);
    expect(locking.statusCode).toBe(423);
    expect(locking.json().error).toEqual({
      code: 'account_locked',
      message: AUTH_MESSAGES.accountLocked(LOCKOUT_MINUTES),
    });
    // The right password from the locked address is refused too: it is not even checked.
    expect((await signInFrom(guesser, owner.email)).statusCode).toBe(423);
    expect((await signInFrom('127.0.0.1', owner.email)).statusCode).toBe(200);
    expect((await signInFrom(guesser, other.email)).statusCode).toBe(200);
    expect(await eventOutcomes(owner.userId)).toEqual([
      'success',
      'invalid_password',
      'invalid_password',
      'invalid_password',
      'invalid_password',
      'locked_now',
      'account_locked',
      'success',
    ]);
  });

  it('a success from an address clears its count; a lock ends after 15 minutes', async () => {
    const owner = await createAccount(ctx, 'typo@example.com');
    const address = foreign(60);
    await statusesFrom(Array(LOCKOUT_THRESHOLD - 1).fill(address), owner.email);
    expect((await signInFrom(address, owner.email)).statusCode).toBe(200);
    const after = await statusesFrom(Array(LOCKOUT_THRESHOLD - 1).fill(address), owner.email);
    expect(after).toEqual([401, 401, 401, 401]);
    expect((await signInFrom(address, owner.email, WRONG)).statusCode).toBe(423);
    await age(owner, LOCKOUT_MINUTES - 1);
    expect((await signInFrom(address, owner.email)).statusCode).toBe(423);
    await age(owner, 1);
    expect((await signInFrom(address, owner.email)).statusCode).toBe(200);
  });

  it('a password reset lifts the lock of the owner’s own address', async () => {
    const owner = await createAccount(ctx, 'forgot@example.com');
    const statuses = await statusesFrom(Array(LOCKOUT_THRESHOLD).fill('127.0.0.1'), owner.email);
    expect(statuses.at(-1)).toBe(423);
    await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/password-reset',
      payload: { email: owner.email },
    });
    const token = await mailedToken(ctx, owner.email, 'reset');
    const newPassword = 'N3w!Password';
    const reset = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/password-reset',
      payload: { token, password: newPassword },
    });
    expect(reset.statusCode).toBe(200);
    expect((await signInFrom('127.0.0.1', owner.email, newPassword)).statusCode).toBe(200);
  });
});

describe('sign-in throttling: guessing across many addresses is bounded', () => {
  let owner: Account;
  beforeAll(async () => {
    owner = await createAccount(ctx, 'spread@example.com');
    await statusesFrom(range(100, 20).map(foreign), owner.email);
    // The spread ran long enough for the longest wait, and that wait is just over: how many
    // checks slip through no longer depends on how fast this machine ran the twenty guesses.
    await setAccountWide(owner.email, SLOWDOWN_AFTER + 6, -1000);
  });

  it('slows the account down for addresses it was never signed in from', async () => {
    // Ten addresses at once: at most one of them gets its password checked.
    const burst = await Promise.all(
      range(130, 10).map((n) => signInFrom(foreign(n), owner.email, WRONG)),
    );
    const statuses = burst.map((r) => r.statusCode);
    expect(statuses.filter((s) => s === 401).length).toBe(1);
    const slowed = burst.find((r) => r.statusCode === 429);
    expect(slowed?.json().error.code).toBe('rate_limited');
    expect(slowed?.json().error.message).toMatch(
      /^Too many failed sign-in attempts on this account\. Please wait \d+ seconds? and try again\.$/,
    );
    // Even the right password waits its turn from an unfamiliar address...
    expect((await signInFrom(foreign(150), owner.email)).statusCode).toBe(429);
    // ...but not from the owner's own one.
    expect((await signInFrom('127.0.0.1', owner.email)).statusCode).toBe(200);
  });

  it('lets an unfamiliar address try again once the wait is over', async () => {
    await statusesFrom(range(160, 12).map(foreign), owner.email);
    const row = await accountWide(owner.email);
    expect(row?.waitUntil?.getTime()).toBeGreaterThan(Date.now());
    await setAccountWide(owner.email, row?.failures ?? 0, -1000);
    expect((await signInFrom(foreign(180), owner.email)).statusCode).toBe(200);
    // A proved password ends the account-wide count.
    expect(await accountWide(owner.email)).toBeUndefined();
  });
});

describe('re-authentication shares the sign-in failure budget', () => {
  const reauthCalls = {
    password: (password: string) => ({
      url: '/api/account/password',
      payload: { current_password: password, new_password: 'N3w!Passw0rd-long' },
    }),
    mfa: (password: string) => ({
      url: '/api/mfa',
      payload: { action: 'disable', password },
    }),
    delete: (password: string) => ({
      url: '/api/account/delete',
      payload: { password, confirmation: 'DELETE' },
    }),
  };
  const reauth = (who: Account, kind: keyof typeof reauthCalls, password: string, ip: string) =>
    ctx.app.inject({
      method: 'POST',
      headers: who.auth,
      remoteAddress: ip,
      ...reauthCalls[kind](password),
    });

  it('25 wrong current passwords: 4 answers of 400, then 423, all counted and recorded', async () => {
    const owner = await createAccount(ctx, 'stolen-token@example.com');
    const thief = foreign(200);
    const statuses: number[] = [];
    for (let i = 0; i < 25; i++)
      statuses.push((await reauth(owner, 'password', WRONG, thief)).statusCode);
    expect(statuses.slice(0, 4)).toEqual([400, 400, 400, 400]);
    expect(new Set(statuses.slice(4))).toEqual(new Set([423]));
    // The right password is not checked from that address any more, nor can it sign in there.
    expect((await reauth(owner, 'password', PASSWORD, thief)).statusCode).toBe(423);
    expect((await signInFrom(thief, owner.email)).statusCode).toBe(423);

    // Refused checks count nothing: the five that were made are the account's failures.
    expect((await accountWide(owner.email))?.failures).toBe(LOCKOUT_THRESHOLD);
    const events = await ctx.db
      .select()
      .from(securityEvents)
      .where(and(eq(securityEvents.userId, owner.userId), eq(securityEvents.ipAddress, thief)));
    const outcomes = events.map((e) => (e.metadata as { outcome: string }).outcome);
    expect(outcomes.filter((o) => o === 'invalid_password')).toHaveLength(4);
    expect(outcomes.filter((o) => o === 'locked_now')).toHaveLength(1);
    expect(outcomes.filter((o) => o === 'account_locked')).toHaveLength(22);
    const flagged = events.filter(
      (e) => (e.metadata as { reauthentication?: true }).reauthentication,
    );
    expect(flagged).toHaveLength(26);
    expect(events).toHaveLength(27);
  });

  it('password change, MFA disable and account delete count against one budget', async () => {
    const owner = await createAccount(ctx, 'three-ways@example.com');
    const thief = foreign(201);
    const statuses = [
      (await reauth(owner, 'password', WRONG, thief)).statusCode,
      (await reauth(owner, 'mfa', WRONG, thief)).statusCode,
      (await reauth(owner, 'delete', WRONG, thief)).statusCode,
      (await signInFrom(thief, owner.email, WRONG)).statusCode,
      (await reauth(owner, 'mfa', WRONG, thief)).statusCode,
      (await reauth(owner, 'delete', PASSWORD, thief)).statusCode,
    ];
    expect(statuses).toEqual([400, 400, 400, 401, 423, 423]);
    expect(await ctx.db.select().from(users).where(eq(users.id, owner.userId))).toHaveLength(1);
    // The owner's own address still re-authenticates.
    expect((await reauth(owner, 'mfa', PASSWORD, '127.0.0.1')).json().error.message).toBe(
      'MFA is not enabled',
    );
  });
});

/** How many of the account's sign-in attempts had their password checked (and failed). */
async function checkedPasswords(userId: string) {
  const outcomes = await eventOutcomes(userId);
  return outcomes.filter((o) => o === 'invalid_password' || o === 'locked_now').length;
}

/** Another documentation range, 200 addresses of it. */
const burstAddress = (n: number) => `198.51.100.${n}`;

describe('racing guesses get no more password checks than sequential ones', () => {
  const burst = (requests: (() => Promise<{ statusCode: number }>)[]) =>
    Promise.all(requests.map((send) => send())).then((rs) => rs.map((r) => r.statusCode));
  const count = (statuses: number[], status: number) => statuses.filter((s) => s === status).length;

  it('200 wrong passwords at once from one address: 5 checks, the rest locked out', async () => {
    const owner = await createAccount(ctx, 'race-one-address@example.com');
    const statuses = await burst(
      range(0, 200).map(() => () => signInFrom(foreign(210), owner.email, WRONG)),
    );
    expect(count(statuses, 401)).toBe(LOCKOUT_THRESHOLD - 1);
    expect(count(statuses, 423)).toBe(200 - LOCKOUT_THRESHOLD + 1);
    expect(await checkedPasswords(owner.userId)).toBe(LOCKOUT_THRESHOLD);
  });

  it('200 at once from 200 addresses while the account is slowed: exactly one check', async () => {
    const owner = await createAccount(ctx, 'race-slowed@example.com');
    // Past the spread and its wait just over: the next check sets the longest wait.
    await setAccountWide(owner.email, SLOWDOWN_AFTER + 6, -1000);
    const statuses = await burst(
      range(1, 200).map((n) => () => signInFrom(burstAddress(n), owner.email, WRONG)),
    );
    expect(count(statuses, 401)).toBe(1);
    expect(count(statuses, 429)).toBe(199);
    expect(await checkedPasswords(owner.userId)).toBe(1);
  });

  it('200 at once from 200 addresses on a fresh account: ten checks, then one per wait', async () => {
    const owner = await createAccount(ctx, 'race-fresh@example.com');
    const started = performance.now();
    const statuses = await burst(
      range(1, 200).map((n) => () => signInFrom(burstAddress(n), owner.email, WRONG)),
    );
    const seconds = (performance.now() - started) / 1000;
    const checked = await checkedPasswords(owner.userId);
    expect(count(statuses, 401)).toBe(checked);
    expect(checked).toBeGreaterThanOrEqual(SLOWDOWN_AFTER);
    // The waits after the tenth are 1, 2, 4... s: a burst of s seconds fits log2(s + 1) of them.
    expect(checked).toBeLessThanOrEqual(SLOWDOWN_AFTER + Math.ceil(Math.log2(seconds + 1)));
  });
});

describe('an e-mail nobody registered is answered exactly as a registered one', () => {
  /** Statuses and messages (numbers of seconds and minutes blanked) of a guessing sequence. */
  async function guessing(email: string) {
    const answers = [];
    for (let i = 0; i < LOCKOUT_THRESHOLD + 1; i++)
      answers.push(await signInFrom(burstAddress(250), email, WRONG));
    for (const n of range(240, SLOWDOWN_AFTER - LOCKOUT_THRESHOLD + 3))
      answers.push(await signInFrom(burstAddress(n), email, WRONG));
    return answers.map(
      (r) => `${r.statusCode} ${JSON.stringify(r.json().error).replace(/\d+/g, 'N')}`,
    );
  }

  it('the same lockout and slowdown, in the same words', async () => {
    const known = await createAccount(ctx, 'registered@example.com');
    const knownAnswers = await guessing(known.email);
    const unknownAnswers = await guessing('nobody-registered@example.com');
    expect(unknownAnswers).toEqual(knownAnswers);
    expect(knownAnswers.map((a) => Number(a.slice(0, 3)))).toEqual([
      401, 401, 401, 401, 423, 423, 401, 401, 401, 401, 401, 429, 429, 429,
    ]);
  });

  it('a reset request takes the same time whether or not the e-mail has an account', async () => {
    const known = await createAccount(ctx, 'reset-timing@example.com');
    const times = { known: [] as number[], unknown: [] as number[] };
    for (let i = 0; i < 50; i++) {
      for (const [kind, email] of [
        ['known', known.email],
        ['unknown', `reset-timing-${i}@nowhere.example`],
      ] as const) {
        const started = performance.now();
        const res = await ctx.app.inject({
          method: 'POST',
          url: '/api/auth/password-reset',
          payload: { email },
          remoteAddress: burstAddress(i),
        });
        times[kind].push(performance.now() - started);
        expect(res.statusCode).toBe(200);
      }
    }
    const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[xs.length >> 1]!;
    const ratio = median(times.known) / median(times.unknown);
    // Before the lookup and the mail left the request path the ratio was about 3.
    expect(ratio).toBeGreaterThan(1 / 1.5);
    expect(ratio).toBeLessThan(1.5);
    // The link still arrives.
    expect(await mailedToken(ctx, known.email, 'reset')).toMatch(/\w{20,}/);
  });
});
