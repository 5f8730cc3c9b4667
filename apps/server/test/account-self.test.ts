import { CSRF_COOKIE_NAME, REFRESH_COOKIE_NAME } from '@netguard/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiKeys, scans, securityEvents, subscriptions, users } from '../src/db/schema.ts';
import {
  type Account,
  cookieValue,
  createAccount,
  createTestApp,
  mailedToken,
  PASSWORD,
  refresh,
  signIn,
  type TestContext,
} from './helpers.ts';
import { ago, seedScan, seedVulnerability, subscribe } from './seed.ts';

let ctx: TestContext;
let alice: Account;
let bob: Account;
const NEW_PASSWORD = 'N3w!Passw0rd-long';

beforeAll(async () => {
  ctx = await createTestApp();
  alice = await createAccount(ctx, 'alice-self@example.com');
  bob = await createAccount(ctx, 'bob-self@example.com');
});
afterAll(() => ctx?.close());

const call = (
  who: { authorization: string },
  method: 'GET' | 'POST' | 'DELETE',
  url: string,
  payload?: object,
) => ctx.app.inject({ method, url, headers: who, ...(payload ? { payload } : {}) });

describe('API keys', () => {
  it('are for Professional and Enterprise plans only', async () => {
    const res = await call(alice.auth, 'POST', '/api/api-keys', { name: 'CI' });
    expect(res.statusCode).toBe(402);
    expect(res.json().error.message).toBe(
      'API keys are part of the Professional and Enterprise plans',
    );
  });

  it('are shown once, stored hashed, listed by prefix, accepted as Bearer and revocable', async () => {
    await subscribe(ctx, alice);
    const created = await call(alice.auth, 'POST', '/api/api-keys', { name: 'CI pipeline' });
    expect(created.statusCode).toBe(201);
    const { key, id, prefix } = created.json();
    expect(key).toMatch(/^ngk_[0-9a-f]{64}$/);
    expect(prefix).toBe(key.slice(0, 12));
    const [row] = await ctx.db.select().from(apiKeys).where(eq(apiKeys.id, id));
    expect(JSON.stringify(row)).not.toContain(key);

    const list = (await call(alice.auth, 'GET', '/api/api-keys')).json().items;
    expect(list).toEqual([
      expect.objectContaining({ id, name: 'CI pipeline', prefix, last_used_at: null }),
    ]);
    expect(JSON.stringify(list)).not.toContain(key);

    const bearer = { authorization: `Bearer ${key}` };
    const scansRes = await call(bearer, 'GET', '/api/scans');
    expect(scansRes.statusCode).toBe(200);
    const used = (await call(alice.auth, 'GET', '/api/api-keys')).json().items[0];
    expect(used.last_used_at).not.toBeNull();
    // A key cannot mint keys or touch the account.
    expect((await call(bearer, 'POST', '/api/api-keys', { name: 'x' })).statusCode).toBe(403);
    expect((await call(bearer, 'GET', '/api/account/export')).statusCode).toBe(403);

    expect((await call(bob.auth, 'DELETE', `/api/api-keys/${id}`)).statusCode).toBe(404);
    expect((await call(bob.auth, 'GET', '/api/api-keys')).json().items).toEqual([]);
    expect((await call(alice.auth, 'DELETE', `/api/api-keys/${id}`)).statusCode).toBe(204);
    expect((await call(bearer, 'GET', '/api/scans')).statusCode).toBe(401);
  });

  it('stop working when the plan lapses, and malformed keys are refused', async () => {
    const { key } = (await call(alice.auth, 'POST', '/api/api-keys', { name: 'lapse' })).json();
    await ctx.db
      .update(subscriptions)
      .set({ subscriptionEnd: ago(1) })
      .where(eq(subscriptions.userId, alice.userId));
    expect((await call({ authorization: `Bearer ${key}` }, 'GET', '/api/scans')).statusCode).toBe(
      401,
    );
    expect(
      (await call({ authorization: 'Bearer ngk_nothex' }, 'GET', '/api/scans')).statusCode,
    ).toBe(401);
    expect((await call(alice.auth, 'POST', '/api/api-keys', { name: '' })).statusCode).toBe(400);
  });
});

describe('password change', () => {
  it('needs the current password, enforces the policy and ends the other sessions', async () => {
    const second = await signIn(ctx, alice.email);
    const secondRefresh = cookieValue(second, REFRESH_COOKIE_NAME) ?? '';
    const secondCsrf = cookieValue(second, CSRF_COOKIE_NAME) ?? '';
    const wrong = await call(alice.auth, 'POST', '/api/account/password', {
      current_password: 'Wr0ng!Password',
      new_password: NEW_PASSWORD,
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error.message).toBe('The password is incorrect');
    const events = await ctx.db
      .select()
      .from(securityEvents)
      .where(eq(securityEvents.userId, alice.userId));
    expect(events.some((e) => e.description.includes('re-authentication'))).toBe(true);
    const weak = await call(alice.auth, 'POST', '/api/account/password', {
      current_password: PASSWORD,
      new_password: 'short',
    });
    expect(weak.statusCode).toBe(400);

    const ok = await call(alice.auth, 'POST', '/api/account/password', {
      current_password: PASSWORD,
      new_password: NEW_PASSWORD,
    });
    expect(ok.statusCode).toBe(200);
    expect((await call(alice.auth, 'GET', '/api/settings')).statusCode).toBe(200);
    expect((await refresh(ctx, secondRefresh, secondCsrf)).statusCode).toBe(401);
    expect((await signIn(ctx, alice.email)).statusCode).toBe(401);
    expect((await signIn(ctx, alice.email, NEW_PASSWORD)).statusCode).toBe(200);
  });

  it('ends every reset link asked for before the change', async () => {
    const bob = await createAccount(ctx, 'reset-then-change@example.com');
    await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/password-reset',
      payload: { email: bob.email },
    });
    const token = await mailedToken(ctx, bob.email, 'reset');
    const changed = await call(bob.auth, 'POST', '/api/account/password', {
      current_password: PASSWORD,
      new_password: NEW_PASSWORD,
    });
    expect(changed.statusCode).toBe(200);
    const late = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/password-reset',
      payload: { token, password: 'An0ther!Password' },
    });
    expect(late.statusCode).toBe(400);
    expect((await signIn(ctx, bob.email, NEW_PASSWORD)).statusCode).toBe(200);
  });
});

describe('sign out of all sessions', () => {
  it('revokes every session of the user', async () => {
    const session = await createAccount(ctx, 'everywhere@example.com');
    expect((await call(session.auth, 'POST', '/api/account/sign-out-all')).statusCode).toBe(200);
    expect((await call(session.auth, 'GET', '/api/settings')).statusCode).toBe(401);
    expect((await refresh(ctx, session.refresh, session.csrf)).statusCode).toBe(401);
  });
});

describe('export and delete', () => {
  it('exports what the account owns and nothing of another account, without secrets', async () => {
    const scan = await seedScan(ctx, bob, { status: 'completed', name: 'Bob scan' });
    await seedVulnerability(ctx, bob, scan.id, { severity: 'high' });
    await seedScan(ctx, alice, { status: 'completed', name: 'Alice scan' });
    const res = await call(bob.auth, 'GET', '/api/account/export');
    expect(res.headers['content-disposition']).toMatch(/attachment; filename="netguard-export-/);
    const data = JSON.parse(res.body);
    expect(data.user.email).toBe(bob.email);
    expect(data.scans.map((s: { scanName: string }) => s.scanName)).toEqual(['Bob scan']);
    expect(data.vulnerabilities).toHaveLength(1);
    expect(data.threat_mitigation_actions).toHaveLength(1);
    expect(res.body).not.toContain('passwordHash');
    expect(res.body).not.toContain('Alice scan');
  });

  it('deletes the account and its data after typed confirmation and the password', async () => {
    const body = { password: PASSWORD, confirmation: 'DELETE' };
    expect(
      (await call(bob.auth, 'POST', '/api/account/delete', { ...body, confirmation: 'delete' }))
        .statusCode,
    ).toBe(400);
    expect(
      (await call(bob.auth, 'POST', '/api/account/delete', { ...body, password: 'Wr0ng!Pass' }))
        .statusCode,
    ).toBe(400);
    expect((await ctx.db.select().from(users).where(eq(users.id, bob.userId))).length).toBe(1);

    const res = await call(bob.auth, 'POST', '/api/account/delete', body);
    expect(res.statusCode).toBe(200);
    expect(await ctx.db.select().from(users).where(eq(users.id, bob.userId))).toEqual([]);
    expect(await ctx.db.select().from(scans).where(eq(scans.userId, bob.userId))).toEqual([]);
    expect((await signIn(ctx, bob.email)).statusCode).toBe(401);
    expect((await call(bob.auth, 'GET', '/api/settings')).statusCode).toBe(401);
    expect((await ctx.db.select().from(scans).where(eq(scans.userId, alice.userId))).length).toBe(
      1,
    );
  });
});
