import { eventRiskScore, SESSION_END_REASONS, SESSION_START_EVENT } from '@netguard/contracts';
import { and, eq } from 'drizzle-orm';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { securityEvents } from '../src/db/schema.ts';
import { type Account, createAccount, createTestApp, type TestContext } from './helpers.ts';

let ctx: TestContext;
let alice: Account;

beforeAll(async () => {
  ctx = await createTestApp();
  alice = await createAccount(ctx, 'alice-session@example.com');
});
afterAll(() => ctx?.close());

const check = (token?: string) =>
  ctx.app.inject({
    method: 'GET',
    url: '/api/auth/session-check',
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });

const eventsOf = (userId: string, description: string) =>
  ctx.db
    .select()
    .from(securityEvents)
    .where(and(eq(securityEvents.userId, userId), eq(securityEvents.description, description)));

describe('session_start event', () => {
  it('logs one session_start per session with session id, fingerprint and risk score', async () => {
    const start = (fingerprint?: string) =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/security/session-start',
        headers: { ...alice.auth, 'user-agent': 'TestBrowser/1.0' },
        payload: fingerprint ? { fingerprint } : {},
      });
    const first = await start('abcdef0123456789');
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toMatchObject({
      logged: true,
      fingerprint: 'abcdef0123456789',
      risk_score: eventRiskScore('auth_attempt', 'low'),
    });
    expect(first.json().session_id).toHaveLength(16);
    // A reload of the page starts nothing new.
    expect((await start()).json().logged).toBe(false);
    const rows = await eventsOf(alice.userId, SESSION_START_EVENT);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      eventType: 'auth_attempt',
      severity: 'low',
      organizationId: alice.organizationId,
      userAgent: 'TestBrowser/1.0',
    });
    expect(rows[0]?.metadata).toMatchObject({
      sessionId: first.json().session_id,
      fingerprint: 'abcdef0123456789',
      riskScore: 3,
    });
    expect(
      (
        await ctx.app.inject({
          method: 'POST',
          url: '/api/security/session-start',
          headers: alice.auth,
          payload: { fingerprint: 'not hex!' },
        })
      ).statusCode,
    ).toBe(400);
    expect(
      (await ctx.app.inject({ method: 'POST', url: '/api/security/session-start', payload: {} }))
        .statusCode,
    ).toBe(401);
  });
});

describe('session check', () => {
  it('says valid for a live session', async () => {
    const res = await check(alice.accessToken);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ valid: true });
    expect(res.json().expires_at).toBeGreaterThan(Date.now() / 1000);
  });

  it('answers "No active session" without a token or with a forged one', async () => {
    expect((await check()).json()).toEqual({ valid: false, reason: SESSION_END_REASONS.noSession });
    expect((await check('nonsense')).json()).toEqual({
      valid: false,
      reason: SESSION_END_REASONS.noSession,
    });
    const forged = await new SignJWT({ org: alice.organizationId, sid: 'x' })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(alice.userId)
      .setIssuer('netguard')
      .setAudience('netguard-api')
      .setExpirationTime('1h')
      .sign(new TextEncoder().encode('not-the-server-key-not-the-server-key'));
    expect((await check(forged)).json().reason).toBe(SESSION_END_REASONS.noSession);
  });

  it('answers "Session expired" once signed out, and logs one medium auth_attempt', async () => {
    const other = await createAccount(ctx, 'bob-session@example.com');
    const out = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/sign-out',
      headers: other.auth,
    });
    expect(out.statusCode).toBe(200);
    for (let i = 0; i < 3; i++)
      expect((await check(other.accessToken)).json()).toEqual({
        valid: false,
        reason: SESSION_END_REASONS.expired,
      });
    const rows = await eventsOf(other.userId, 'Session expired');
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ eventType: 'auth_attempt', severity: 'medium' });
    expect(rows[0]?.metadata).toMatchObject({
      riskScore: eventRiskScore('auth_attempt', 'medium'),
    });
  });
});
