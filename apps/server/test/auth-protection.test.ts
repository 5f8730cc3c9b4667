import { AUTH_MESSAGES, LOCKOUT_MINUTES, LOCKOUT_THRESHOLD } from '@netguard/contracts';
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { securityEvents, users } from '../src/db/schema.ts';
import {
  createAccount,
  createTestApp,
  mailedToken,
  PASSWORD,
  refresh,
  signIn,
  signUpAndConfirm,
  type TestContext,
} from './helpers.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

async function eventsFor(email: string) {
  const [user] = await ctx.db.select().from(users).where(eq(users.email, email));
  return ctx.db
    .select()
    .from(securityEvents)
    .where(eq(securityEvents.userId, user!.id))
    .orderBy(asc(securityEvents.createdAt));
}

describe('lockout of an address (more in auth-throttle.test.ts)', () => {
  it('locks after 5 failures, refuses the right password while locked, and logs each attempt', async () => {
    const email = 'locked@example.com';
    await signUpAndConfirm(ctx, email);
    for (let i = 1; i < LOCKOUT_THRESHOLD; i++) {
      expect((await signIn(ctx, email, 'Wr0ng!Password')).statusCode).toBe(401);
    }
    const locking = await signIn(ctx, email, 'Wr0ng!Password');
    expect(locking.statusCode).toBe(423);
    expect(locking.json().error).toEqual({
      code: 'account_locked',
      message: AUTH_MESSAGES.accountLocked(LOCKOUT_MINUTES),
    });
    const correct = await signIn(ctx, email, PASSWORD);
    expect(correct.statusCode).toBe(423);
    expect(correct.json().error.code).toBe('account_locked');

    const events = await eventsFor(email);
    expect(events.every((e) => e.eventType === 'auth_attempt')).toBe(true);
    expect(events.map((e) => e.severity)).toEqual([
      'medium',
      'medium',
      'medium',
      'medium',
      'high',
      'high',
    ]);
    // `occurrence` ties the copies of one attempt in the user's organizations together.
    expect(events[0]?.metadata).toEqual({
      outcome: 'invalid_password',
      email,
      occurrence: expect.any(String),
    });
    expect(events[5]?.metadata).toMatchObject({ outcome: 'account_locked' });
    expect(events[0]?.ipAddress).toBe('127.0.0.1');
  });
});

describe('password reset', () => {
  it('always answers the same, mails a link, sets the password and ends sessions', async () => {
    const account = await createAccount(ctx, 'reset@example.com');
    const unknown = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/password-reset',
      payload: { email: 'ghost@example.com' },
    });
    const known = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/password-reset',
      payload: { email: 'reset@example.com' },
    });
    for (const res of [unknown, known]) {
      expect(res.statusCode).toBe(200);
      expect(res.json().message).toBe(AUTH_MESSAGES.resetSent);
    }
    const token = await mailedToken(ctx, 'reset@example.com', 'reset');

    const weak = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/password-reset',
      payload: { token, password: 'weakpass' },
    });
    expect(weak.statusCode).toBe(400);
    expect(weak.json().error.message).toBe(
      'Password must contain uppercase, lowercase, number, and special character',
    );

    const newPassword = 'N3w!Password';
    const done = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/password-reset',
      payload: { token, password: newPassword },
    });
    expect(done.statusCode).toBe(200);
    expect((await refresh(ctx, account.refresh, account.csrf)).statusCode).toBe(401);
    expect((await signIn(ctx, 'reset@example.com')).statusCode).toBe(401);
    expect((await signIn(ctx, 'reset@example.com', newPassword)).statusCode).toBe(200);

    const reused = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/password-reset',
      payload: { token, password: newPassword },
    });
    expect(reused.statusCode).toBe(400);
    expect(reused.json().error.message).toBe(AUTH_MESSAGES.tokenInvalid);
  });
});

describe('rate limiting of /api/auth', () => {
  it('answers 429 with the message past AUTH_RATE_LIMIT requests a minute', async () => {
    const limited = await createTestApp({ AUTH_RATE_LIMIT: '3' });
    try {
      const call = () => limited.app.inject({ method: 'GET', url: '/api/auth/session' });
      for (let i = 0; i < 3; i++) expect((await call()).statusCode).toBe(200);
      const res = await call();
      expect(res.statusCode).toBe(429);
      expect(res.json()).toEqual({
        error: { code: 'rate_limited', message: AUTH_MESSAGES.rateLimited },
        request_id: res.headers['x-request-id'],
      });
      // Other API routes are not counted against the auth limit.
      expect((await limited.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(
        200,
      );
    } finally {
      await limited.close();
    }
  });
});
