import { AUTH_MESSAGES } from '@netguard/contracts';
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailOutbox } from '../src/db/schema.ts';
import {
  type Account,
  createAccount,
  createTestApp,
  PASSWORD,
  refresh,
  type TestContext,
} from './helpers.ts';
import { subscribe } from './seed.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx?.close());

const NEW_PASSWORD = 'N3w!Password';

function requestReset(email: string) {
  return ctx.app.inject({
    method: 'POST',
    url: '/api/auth/password-reset',
    payload: { email },
  });
}

function reset(token: string, extra: object = {}) {
  return ctx.app.inject({
    method: 'POST',
    url: '/api/auth/password-reset',
    payload: { token, password: NEW_PASSWORD, ...extra },
  });
}

/**
 * Every reset token mailed to `email`, oldest first, once there are `count` (the mails are sent
 * after the requests' answers; waits up to 10 s).
 */
async function resetTokens(email: string, count = 1) {
  for (const deadline = Date.now() + 10_000; ; ) {
    const rows = await ctx.db
      .select({ link: mailOutbox.link })
      .from(mailOutbox)
      .where(eq(mailOutbox.to, email))
      .orderBy(asc(mailOutbox.createdAt));
    const tokens = rows.flatMap((r) =>
      r.link ? (new URL(r.link).searchParams.get('reset') ?? []) : [],
    );
    if (tokens.length >= count || Date.now() > deadline) return tokens;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe('password reset links', () => {
  it('only the newest link works, and once', async () => {
    const account = await createAccount(ctx, 'three-links@example.com');
    for (let i = 0; i < 3; i++) expect((await requestReset(account.email)).statusCode).toBe(200);
    const [oldest, older, newest] = await resetTokens(account.email, 3);
    for (const token of [oldest!, older!]) {
      const res = await reset(token);
      expect(res.statusCode).toBe(400);
      expect(res.json().error.message).toBe(AUTH_MESSAGES.tokenInvalid);
    }
    expect((await reset(newest!)).statusCode).toBe(200);
    for (const token of [oldest!, older!, newest!])
      expect((await reset(token)).statusCode).toBe(400);
    expect((await refresh(ctx, account.refresh, account.csrf)).statusCode).toBe(401);
  });
});

describe('revoking API keys with the sessions', () => {
  async function keyHolder(email: string) {
    const account = await createAccount(ctx, email);
    await subscribe(ctx, account);
    const created = await ctx.app.inject({
      method: 'POST',
      url: '/api/api-keys',
      headers: account.auth,
      payload: { name: 'CI' },
    });
    expect(created.statusCode).toBe(201);
    return { account, bearer: { authorization: `Bearer ${created.json().key}` } };
  }
  const keyWorks = async (bearer: { authorization: string }) =>
    (await ctx.app.inject({ method: 'GET', url: '/api/scans', headers: bearer })).statusCode ===
    200;
  const post = (who: Account, url: string, payload?: object) =>
    ctx.app.inject({ method: 'POST', url, headers: who.auth, ...(payload ? { payload } : {}) });

  it('a password reset keeps API keys unless asked to revoke them', async () => {
    const kept = await keyHolder('reset-keeps@example.com');
    await requestReset(kept.account.email);
    expect((await reset((await resetTokens(kept.account.email))[0]!)).statusCode).toBe(200);
    expect(await keyWorks(kept.bearer)).toBe(true);

    const revoked = await keyHolder('reset-revokes@example.com');
    await requestReset(revoked.account.email);
    const token = (await resetTokens(revoked.account.email))[0]!;
    expect((await reset(token, { revoke_api_keys: true })).statusCode).toBe(200);
    expect(await keyWorks(revoked.bearer)).toBe(false);
  });

  it('a password change can revoke them', async () => {
    const { account, bearer } = await keyHolder('change-revokes@example.com');
    const body = { current_password: PASSWORD, new_password: NEW_PASSWORD };
    expect((await post(account, '/api/account/password', body)).statusCode).toBe(200);
    expect(await keyWorks(bearer)).toBe(true);
    const again = { current_password: NEW_PASSWORD, new_password: PASSWORD, revoke_api_keys: true };
    expect((await post(account, '/api/account/password', again)).statusCode).toBe(200);
    expect(await keyWorks(bearer)).toBe(false);
  });

  it('signing out everywhere can revoke them', async () => {
    const kept = await keyHolder('everywhere-keeps@example.com');
    expect((await post(kept.account, '/api/account/sign-out-all')).statusCode).toBe(200);
    expect(await keyWorks(kept.bearer)).toBe(true);

    const revoked = await keyHolder('everywhere-revokes@example.com');
    const res = await post(revoked.account, '/api/account/sign-out-all', {
      revoke_api_keys: true,
    });
    expect(res.statusCode).toBe(200);
    expect(await keyWorks(revoked.bearer)).toBe(false);
  });
});
