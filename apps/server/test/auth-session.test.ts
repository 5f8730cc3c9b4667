import {
  AUTH_MESSAGES,
  CSRF_COOKIE_NAME,
  CSRF_HEADER_NAME,
  REFRESH_COOKIE_NAME,
  SECURE_CSRF_COOKIE_NAME,
  SECURE_REFRESH_COOKIE_NAME,
  ZSession,
} from '@netguard/contracts';
import { asc, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLogs, mailOutbox, profiles, securityEvents, users } from '../src/db/schema.ts';
import {
  cookieValue,
  createAccount,
  createTestApp,
  mailedToken,
  pastGrace,
  refresh,
  signIn,
  signUp,
  type TestContext,
} from './helpers.ts';

let ctx: TestContext;

beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

describe('sign-up, confirmation, sign-in and the refresh cycle', () => {
  it('creates an unconfirmed account with a personal organization and mails a confirm link', async () => {
    const res = await signUp(ctx, '  Alice@Example.COM ');
    expect(res.statusCode).toBe(201);
    expect(res.json().message).toMatch(/check your email/);

    const [user] = await ctx.db.select().from(users).where(eq(users.email, 'alice@example.com'));
    expect(user?.emailConfirmedAt).toBeNull();
    expect(user?.passwordHash).toMatch(/^\$argon2id\$/);
    const [profile] = await ctx.db.select().from(profiles).where(eq(profiles.userId, user!.id));
    expect(profile).toMatchObject({ username: 'alice', subscriptionTier: 'Free' });
    const audit = await ctx.db.select().from(auditLogs).where(eq(auditLogs.userId, user!.id));
    expect(audit.map((a) => a.action)).toContain('user.sign_up');
    expect(await mailedToken(ctx, 'alice@example.com', 'confirm')).toHaveLength(43);
  });

  it('answers a sign-up for a taken email as for a new one, and mails the owner instead', async () => {
    const fresh = await signUp(ctx, 'bob-new@example.com');
    const taken = await signUp(ctx, 'ALICE@example.com', 'Other!Passw0rd');
    expect([fresh.statusCode, taken.statusCode]).toEqual([201, 201]);
    expect(taken.json()).toEqual(fresh.json());
    const [user] = await ctx.db.select().from(users).where(eq(users.email, 'alice@example.com'));
    const mails = await ctx.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.to, 'alice@example.com'))
      .orderBy(asc(mailOutbox.createdAt));
    expect(mails.map((m) => m.subject)).toEqual([
      'Confirm your NetGuard account',
      'Someone tried to sign up with your email',
    ]);
    // Unconfirmed: the notice carries a new confirmation link; the password did not change.
    expect(mails[1]?.text).toMatch(/already has a NetGuard account/);
    expect(mails[1]?.link).toMatch(/\/auth\?confirm=/);
    const [after] = await ctx.db.select().from(users).where(eq(users.email, 'alice@example.com'));
    expect(after?.passwordHash).toBe(user?.passwordHash);
  });

  it('tells the owner of a confirmed account how to sign in, and changes nothing', async () => {
    const owner = await createAccount(ctx, 'taken-confirmed@example.com');
    const res = await signUp(ctx, owner.email, 'Other!Passw0rd');
    expect(res.statusCode).toBe(201);
    const [notice] = await ctx.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.to, owner.email))
      .orderBy(desc(mailOutbox.createdAt));
    expect(notice).toMatchObject({
      subject: 'Someone tried to sign up with your email',
      link: 'http://localhost:8080/auth',
    });
    expect(notice?.text).toMatch(/Forgot password\?/);
    expect((await signIn(ctx, owner.email)).statusCode).toBe(200);
    expect((await signIn(ctx, owner.email, 'Other!Passw0rd')).statusCode).toBe(401);
  });

  it('refuses sign-in before the email is confirmed, with the message', async () => {
    const res = await signIn(ctx, 'alice@example.com');
    expect(res.statusCode).toBe(403);
    expect(res.json().error).toEqual({
      code: 'email_not_confirmed',
      message: AUTH_MESSAGES.emailNotConfirmed,
    });
  });

  it('confirms once; the same link then fails', async () => {
    const token = await mailedToken(ctx, 'alice@example.com', 'confirm');
    const ok = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/confirm',
      payload: { token },
    });
    expect(ok.statusCode).toBe(200);
    const again = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/confirm',
      payload: { token },
    });
    expect(again.statusCode).toBe(400);
    expect(again.json().error.message).toBe(AUTH_MESSAGES.tokenInvalid);
  });

  it('signs in with a session, a refresh cookie and a CSRF cookie', async () => {
    const res = await signIn(ctx, 'alice@example.com');
    expect(res.statusCode).toBe(200);
    const session = ZSession.parse(res.json());
    expect(session.user).toMatchObject({
      email: 'alice@example.com',
      username: 'alice',
      role: 'admin',
      email_confirmed: true,
    });
    expect(session.expires_at - Date.now() / 1000).toBeGreaterThan(14 * 60);
    const cookies = res.cookies as {
      name: string;
      httpOnly?: boolean;
      path?: string;
      sameSite?: string;
    }[];
    const refreshCookie = cookies.find((c) => c.name === REFRESH_COOKIE_NAME);
    expect(refreshCookie).toMatchObject({ httpOnly: true, path: '/api/auth', sameSite: 'Strict' });
    const csrfCookie = cookies.find((c) => c.name === CSRF_COOKIE_NAME);
    expect(csrfCookie?.httpOnly).toBeFalsy();
    expect(csrfCookie?.path).toBe('/');
  });

  it('answers the same message for a wrong password and an unknown email', async () => {
    const wrong = await signIn(ctx, 'alice@example.com', 'Wr0ng!Password');
    const unknown = await signIn(ctx, 'nobody@example.com', 'Wr0ng!Password');
    for (const res of [wrong, unknown]) {
      expect(res.statusCode).toBe(401);
      expect(res.json().error.message).toBe(AUTH_MESSAGES.invalidCredentials);
    }
  });

  it('rotates refresh tokens, detects reuse after the grace window and revokes the whole family', async () => {
    const account = await createAccount(ctx, 'rotate@example.com');
    const first = await refresh(ctx, account.refresh, account.csrf);
    expect(first.statusCode).toBe(200);
    const second = cookieValue(first, REFRESH_COOKIE_NAME)!;
    expect(second).not.toBe(account.refresh);
    expect(ZSession.parse(first.json()).user.email).toBe('rotate@example.com');

    const newest = await refresh(ctx, second, account.csrf);
    expect(newest.statusCode).toBe(200);
    const third = cookieValue(newest, REFRESH_COOKIE_NAME)!;

    // Replaying the first (already rotated) token past the grace window is reuse: 401, and the
    // family is revoked.
    await pastGrace(ctx, account.refresh);
    const replay = await refresh(ctx, account.refresh, account.csrf);
    expect(replay.statusCode).toBe(401);
    expect(cookieValue(replay, REFRESH_COOKIE_NAME)).toBe('');
    const alerts = await ctx.db
      .select()
      .from(securityEvents)
      .where(eq(securityEvents.userId, account.userId));
    expect(alerts.find((e) => e.eventType === 'security_violation')).toMatchObject({
      severity: 'critical',
      metadata: { outcome: 'refresh_token_reuse' },
    });
    expect((await refresh(ctx, third, account.csrf)).statusCode).toBe(401);
    // The access tokens of the revoked session stop working too.
    const session = await ctx.app.inject({
      method: 'GET',
      url: '/api/auth/session',
      headers: { authorization: `Bearer ${newest.json().access_token}` },
    });
    expect(session.json()).toEqual({ session: null });
  });

  it('gives two tabs refreshing at once the same new token, with no reuse alarm', async () => {
    const account = await createAccount(ctx, 'two-tabs@example.com');
    const [a, b] = await Promise.all([
      refresh(ctx, account.refresh, account.csrf),
      refresh(ctx, account.refresh, account.csrf),
    ]);
    expect([a?.statusCode, b?.statusCode]).toEqual([200, 200]);
    const next = cookieValue(a!, REFRESH_COOKIE_NAME);
    expect(cookieValue(b!, REFRESH_COOKIE_NAME)).toBe(next);
    // A third tab, later but within the window, gets it too.
    const late = await refresh(ctx, account.refresh, account.csrf);
    expect(late.statusCode).toBe(200);
    expect(cookieValue(late, REFRESH_COOKIE_NAME)).toBe(next);
    for (const res of [a!, b!, late]) {
      const session = await ctx.app.inject({
        method: 'GET',
        url: '/api/auth/session',
        headers: { authorization: `Bearer ${res.json().access_token}` },
      });
      expect(session.json().session.user.email).toBe(account.email);
    }
    const alarms = await ctx.db
      .select()
      .from(securityEvents)
      .where(eq(securityEvents.eventType, 'suspicious_activity'));
    expect(alarms.filter((e) => e.userId === account.userId)).toEqual([]);
    // The shared new token rotates as usual.
    expect((await refresh(ctx, next!, account.csrf)).statusCode).toBe(200);
  });

  it('requires the CSRF header on refresh', async () => {
    const account = await createAccount(ctx, 'csrf@example.com');
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/refresh',
      cookies: { [REFRESH_COOKIE_NAME]: account.refresh, [CSRF_COOKIE_NAME]: account.csrf },
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().error.code).toBe('csrf_invalid');
    const mismatch = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/refresh',
      cookies: { [REFRESH_COOKIE_NAME]: account.refresh, [CSRF_COOKIE_NAME]: account.csrf },
      headers: { 'x-netguard-csrf': 'not-the-cookie-value' },
    });
    expect(mismatch.statusCode).toBe(403);
    expect((await refresh(ctx, account.refresh, account.csrf)).statusCode).toBe(200);
  });

  it('answers 401 without a refresh cookie', async () => {
    const res = await ctx.app.inject({ method: 'POST', url: '/api/auth/refresh' });
    expect(res.statusCode).toBe(401);
  });

  it('returns the session for a bearer token and null without one', async () => {
    const account = await createAccount(ctx, 'session@example.com');
    const res = await ctx.app.inject({
      method: 'GET',
      url: '/api/auth/session',
      headers: account.auth,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().session.access_token).toBe(account.accessToken);
    const none = await ctx.app.inject({ method: 'GET', url: '/api/auth/session' });
    expect(none.json()).toEqual({ session: null });
    const bad = await ctx.app.inject({
      method: 'GET',
      url: '/api/auth/session',
      headers: { authorization: 'Bearer not.a.jwt' },
    });
    expect(bad.json()).toEqual({ session: null });
  });

  it('signs out by cookie (with CSRF): the refresh token and access token stop working', async () => {
    const account = await createAccount(ctx, 'signout@example.com');
    const noCsrf = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/sign-out',
      cookies: { [REFRESH_COOKIE_NAME]: account.refresh },
    });
    expect(noCsrf.statusCode).toBe(403);
    const out = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/sign-out',
      cookies: { [REFRESH_COOKIE_NAME]: account.refresh, [CSRF_COOKIE_NAME]: account.csrf },
      headers: { 'x-netguard-csrf': account.csrf },
    });
    expect(out.statusCode).toBe(200);
    expect(cookieValue(out, REFRESH_COOKIE_NAME)).toBe('');
    expect((await refresh(ctx, account.refresh, account.csrf)).statusCode).toBe(401);
    const scans = await ctx.app.inject({ method: 'GET', url: '/api/scans', headers: account.auth });
    expect(scans.statusCode).toBe(401);
  });

  it('signs out by bearer token', async () => {
    const account = await createAccount(ctx, 'bearer-out@example.com');
    const out = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/sign-out',
      headers: account.auth,
    });
    expect(out.statusCode).toBe(200);
    expect((await refresh(ctx, account.refresh, account.csrf)).statusCode).toBe(401);
  });

  it('marks cookies Secure and prefixed when PUBLIC_URL is https, reads only those, and mails links to it', async () => {
    const secure = await createTestApp({ PUBLIC_URL: 'https://netguard.example.com' });
    try {
      const account = await createAccount(secure, 'secure@example.com');
      const res = await signIn(secure, account.email);
      const cookies = res.cookies as {
        name: string;
        secure?: boolean;
        path?: string;
        domain?: string;
      }[];
      // The prefixes browsers enforce: __Secure- (Secure), __Host- (Secure, Path=/, no Domain).
      expect(cookies.map((c) => [c.name, c.secure, c.path, c.domain])).toEqual([
        [SECURE_REFRESH_COOKIE_NAME, true, '/api/auth', undefined],
        [SECURE_CSRF_COOKIE_NAME, true, '/', undefined],
      ]);
      // A new sign-in gets a new CSRF value.
      const csrf = cookieValue(res, SECURE_CSRF_COOKIE_NAME)!;
      expect(csrf).not.toBe(account.csrf);
      const token = cookieValue(res, SECURE_REFRESH_COOKIE_NAME)!;
      const refreshWith = (cookies: Record<string, string>) =>
        secure.app.inject({
          method: 'POST',
          url: '/api/auth/refresh',
          cookies,
          headers: { [CSRF_HEADER_NAME]: csrf },
        });
      // Unprefixed names, which plain HTTP or another host could have set, open nothing.
      expect(
        (await refreshWith({ [REFRESH_COOKIE_NAME]: token, [CSRF_COOKIE_NAME]: csrf })).statusCode,
      ).toBe(401);
      expect(
        (await refreshWith({ [SECURE_REFRESH_COOKIE_NAME]: token, [CSRF_COOKIE_NAME]: csrf }))
          .statusCode,
      ).toBe(403);
      const ok = await refreshWith({
        [SECURE_REFRESH_COOKIE_NAME]: token,
        [SECURE_CSRF_COOKIE_NAME]: csrf,
      });
      expect(ok.statusCode).toBe(200);
      const [mail] = await secure.db.select().from(mailOutbox);
      expect(mail?.link).toMatch(/^https:\/\/netguard\.example\.com\/auth\?confirm=/);
    } finally {
      await secure.close();
    }
  });
});
