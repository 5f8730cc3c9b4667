import {
  CSRF_COOKIE_NAME,
  MFA_MESSAGES,
  REFRESH_COOKIE_NAME,
  ZMfaChallenge,
  ZSession,
} from '@netguard/contracts';
import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailOutbox, refreshTokens, securityEvents } from '../src/db/schema.ts';
import {
  type Account,
  cookieValue,
  createAccount,
  createTestApp,
  PASSWORD,
  refresh,
  signIn,
  type TestContext,
} from './helpers.ts';
import { enableTotp, manageMfa, redeem } from './mfa-helpers.ts';
import { subscribe } from './seed.ts';
import { totpCode } from './totp-code.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

const STEP_MS = 30_000;

/** Password step: asserts that no session came with it and returns the challenge. */
async function passwordStep(email: string) {
  const res = await signIn(ctx, email);
  expect(res.statusCode).toBe(200);
  expect(res.cookies).toEqual([]);
  expect(res.json()).not.toHaveProperty('access_token');
  return ZMfaChallenge.parse(res.json());
}

async function withTotp(email: string) {
  const account = await createAccount(ctx, email);
  await subscribe(ctx, account);
  return { account, ...(await enableTotp(ctx, account)) };
}

const outcomes = async (account: Account) =>
  (
    await ctx.db
      .select()
      .from(securityEvents)
      .where(eq(securityEvents.userId, account.userId))
      .orderBy(securityEvents.createdAt)
  ).map((e) => (e.metadata as { outcome?: string }).outcome);

describe('sign-in second step with TOTP', () => {
  let kim: Awaited<ReturnType<typeof withTotp>>;
  beforeAll(async () => {
    kim = await withTotp('kim@example.com');
  });

  it('answers a correct password with a challenge, not a session', async () => {
    const challenge = await passwordStep(kim.account.email);
    expect(challenge).toMatchObject({ mfa_required: true, method: 'totp', sent_to: null });
    expect(challenge.challenge_token.length).toBeGreaterThanOrEqual(40);
    expect((await outcomes(kim.account)).at(-1)).toBe('mfa_required');
  });

  it('still refuses a wrong password before any second step', async () => {
    const res = await signIn(ctx, kim.account.email, 'Wr0ng!Password');
    expect(res.statusCode).toBe(401);
    expect(res.json()).not.toHaveProperty('challenge_token');
  });

  it('refuses a wrong code with 401 and logs it', async () => {
    const { challenge_token } = await passwordStep(kim.account.email);
    const res = await redeem(ctx, challenge_token, '000000');
    expect(res.statusCode).toBe(401);
    expect(res.json().error.message).toBe(MFA_MESSAGES.invalidCode);
    expect(res.cookies).toEqual([]);
    expect((await outcomes(kim.account)).at(-1)).toBe('mfa_failed');
  });

  it('issues the session exactly as a normal sign-in does for the right code, once', async () => {
    const { challenge_token } = await passwordStep(kim.account.email);
    // The setup spent the current step; an app a little ahead shows the next one.
    const code = totpCode(kim.secret, Date.now() + STEP_MS);
    const res = await redeem(ctx, challenge_token, code);
    expect(res.statusCode).toBe(200);
    const session = ZSession.parse(res.json());
    expect(session.user.email).toBe('kim@example.com');
    const refreshToken = cookieValue(res, REFRESH_COOKIE_NAME) ?? '';
    const csrf = cookieValue(res, CSRF_COOKIE_NAME) ?? '';
    expect(refreshToken).toHaveLength(43);
    expect((await refresh(ctx, refreshToken, csrf)).statusCode).toBe(200);
    const me = await ctx.app.inject({
      method: 'GET',
      url: '/api/mfa',
      headers: { authorization: `Bearer ${session.access_token}` },
    });
    expect(me.json()).toMatchObject({ mfa_enabled: true, backup_codes_remaining: 10 });
    expect((await outcomes(kim.account)).at(-1)).toBe('mfa_success');

    const again = await redeem(ctx, challenge_token, code);
    expect(again.statusCode).toBe(401);
    expect(again.json().error.message).toBe(MFA_MESSAGES.challengeExpired);

    // The same code on a fresh challenge is a replay (RFC 6238 §5.2).
    const fresh = await passwordStep(kim.account.email);
    const replay = await redeem(ctx, fresh.challenge_token, code);
    expect(replay.statusCode).toBe(401);
    expect(replay.json().error.message).toBe(MFA_MESSAGES.invalidCode);
  });

  it('takes a backup code once, in any case, and counts it down', async () => {
    const [first, second] = kim.backupCodes;
    const one = await passwordStep(kim.account.email);
    const ok = await redeem(ctx, one.challenge_token, (first ?? '').toUpperCase());
    expect(ok.statusCode).toBe(200);
    const token = ok.json().access_token;
    const me = await ctx.app.inject({
      method: 'GET',
      url: '/api/mfa',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(me.json().backup_codes_remaining).toBe(9);

    const two = await passwordStep(kim.account.email);
    const reused = await redeem(ctx, two.challenge_token, first ?? '');
    expect(reused.statusCode).toBe(401);
    expect((await redeem(ctx, two.challenge_token, second ?? '')).statusCode).toBe(200);
  });

  it('ends a challenge after 5 wrong codes', async () => {
    const lee = await withTotp('lee@example.com');
    const { challenge_token } = await passwordStep(lee.account.email);
    for (let i = 0; i < 5; i++) await redeem(ctx, challenge_token, '000000');
    const res = await redeem(ctx, challenge_token, lee.backupCodes[0] ?? '');
    expect(res.statusCode).toBe(401);
    expect(res.json().error.message).toBe(MFA_MESSAGES.challengeExpired);
  });

  it('throttles an account after 10 failures in 15 minutes, across challenges', async () => {
    const max = await withTotp('max@example.com');
    for (let round = 0; round < 2; round++) {
      const { challenge_token } = await passwordStep(max.account.email);
      for (let i = 0; i < 5; i++) await redeem(ctx, challenge_token, '000000');
    }
    const { challenge_token } = await passwordStep(max.account.email);
    const res = await redeem(ctx, challenge_token, max.backupCodes[0] ?? '');
    expect(res.statusCode).toBe(429);
    expect(res.json().error.message).toBe(MFA_MESSAGES.throttled);
    const events = await ctx.db
      .select()
      .from(securityEvents)
      .where(eq(securityEvents.userId, max.account.userId));
    expect(events.filter((e) => e.severity === 'high').map((e) => e.metadata)).toContainEqual({
      outcome: 'mfa_throttled',
      use: 'sign_in',
      method: 'backup_code',
    });
  });
});

describe('sign-in second step by email, and its boundaries', () => {
  it('mails a code at challenge time and signs in with it', async () => {
    const nia = await createAccount(ctx, 'nia@example.com');
    await subscribe(ctx, nia);
    await manageMfa(ctx, nia, { action: 'enable', method: 'email' });
    const setupMail = await latestCode('nia@example.com');
    await manageMfa(ctx, nia, { action: 'verify', method: 'email', verification_code: setupMail });

    const challenge = await passwordStep('nia@example.com');
    expect(challenge).toMatchObject({ method: 'email', sent_to: 'n***@example.com' });
    const code = await latestCode('nia@example.com');
    expect(code).not.toBe(setupMail);
    const res = await redeem(ctx, challenge.challenge_token, code);
    expect(res.statusCode).toBe(200);
    expect(cookieValue(res, REFRESH_COOKIE_NAME)).toBeTruthy();
  });

  it('answers bad input with 400 and a message, never 500', async () => {
    const cases = [
      { challenge_token: 'x'.repeat(43), code: 'abc' },
      { challenge_token: 'short', code: '123456' },
      { challenge_token: 'x'.repeat(43) },
      { challenge_token: 'x'.repeat(43), code: '1234-5678-9' },
    ];
    for (const payload of cases) {
      const res = await ctx.app.inject({ method: 'POST', url: '/api/auth/mfa', payload });
      expect(res.statusCode).toBe(400);
      expect(res.json().error.message).toBeTruthy();
    }
    const bad = await redeem(ctx, 'x'.repeat(43), 'abc');
    expect(bad.json().error.message).toBe(MFA_MESSAGES.signInCodeFormat);
    const unknown = await redeem(ctx, 'x'.repeat(43), '123456');
    expect(unknown.statusCode).toBe(401);
    expect(unknown.json().error.message).toBe(MFA_MESSAGES.challengeExpired);
  });

  it("never lets one account's backup code finish another's sign-in", async () => {
    const ola = await withTotp('ola@example.com');
    const pat = await withTotp('pat@example.com');
    const { challenge_token } = await passwordStep(ola.account.email);
    const res = await redeem(ctx, challenge_token, pat.backupCodes[0] ?? '');
    expect(res.statusCode).toBe(401);
    const sessions = await ctx.db
      .select()
      .from(refreshTokens)
      .where(eq(refreshTokens.userId, ola.account.userId));
    // Only the session createAccount opened before MFA was on.
    expect(sessions).toHaveLength(1);
  });

  it('drops open challenges when MFA is turned off, and signs in with the password alone', async () => {
    const quinn = await withTotp('quinn@example.com');
    const { challenge_token } = await passwordStep(quinn.account.email);
    await manageMfa(ctx, quinn.account, { action: 'disable', password: PASSWORD });
    const res = await redeem(ctx, challenge_token, quinn.backupCodes[0] ?? '');
    expect(res.statusCode).toBe(401);
    const plain = await signIn(ctx, quinn.account.email);
    expect(ZSession.parse(plain.json()).user.email).toBe('quinn@example.com');
  });
});

async function latestCode(email: string): Promise<string> {
  const [row] = await ctx.db
    .select({ subject: mailOutbox.subject })
    .from(mailOutbox)
    .where(eq(mailOutbox.to, email))
    .orderBy(desc(mailOutbox.createdAt))
    .limit(1);
  const code = /^(\d{6}) is your NetGuard/.exec(row?.subject ?? '')?.[1];
  if (!code) throw new Error(`no code mailed to ${email}`);
  return code;
}
