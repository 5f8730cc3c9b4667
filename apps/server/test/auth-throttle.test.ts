import { AUTH_MESSAGES, LOCKOUT_MINUTES, LOCKOUT_THRESHOLD } from '@netguard/contracts';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { securityEvents, users } from '../src/db/schema.ts';
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

/** Moves a user's sign-in failures back in time, as if `minutes` had passed. */
async function age(userId: string, minutes: number) {
  // The event log is append-only (a trigger refuses updates): the test steps around it.
  await ctx.db.transaction(async (tx) => {
    await tx.execute(sql`set local session_replication_role = replica`);
    await tx
      .update(securityEvents)
      .set({ createdAt: sql`${securityEvents.createdAt} - make_interval(mins => ${minutes})` })
      .where(eq(securityEvents.userId, userId));
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
    await age(owner.userId, LOCKOUT_MINUTES - 1);
    expect((await signInFrom(address, owner.email)).statusCode).toBe(423);
    await age(owner.userId, 1);
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
    await ctx.db
      .update(users)
      .set({ failedLoginCount: SLOWDOWN_AFTER + 6, lockedUntil: new Date(Date.now() - 1000) })
      .where(eq(users.id, owner.userId));
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
    const [row] = await ctx.db.select().from(users).where(eq(users.id, owner.userId));
    expect(row?.lockedUntil?.getTime()).toBeGreaterThan(Date.now());
    await ctx.db
      .update(users)
      .set({ lockedUntil: new Date(Date.now() - 1000) })
      .where(eq(users.id, owner.userId));
    expect((await signInFrom(foreign(180), owner.email)).statusCode).toBe(200);
    const [cleared] = await ctx.db.select().from(users).where(eq(users.id, owner.userId));
    expect(cleared).toMatchObject({ failedLoginCount: 0, lockedUntil: null });
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

    const [row] = await ctx.db.select().from(users).where(eq(users.id, owner.userId));
    expect(row?.failedLoginCount).toBe(LOCKOUT_THRESHOLD);
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
