import { BILLING_MESSAGES, DEFAULT_PRICE_IDS, DEFAULT_PRODUCT_IDS } from '@netguard/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkoutSessions, profiles } from '../src/db/schema.ts';
import { type Account, createAccount, createTestApp, type TestContext } from './helpers.ts';
import { seedReport, seedScan, seedVulnerability } from './seed.ts';

let ctx: TestContext;
let owner: Account;
let other: Account;

beforeAll(async () => {
  ctx = await createTestApp();
  owner = await createAccount(ctx, 'billing-owner@example.com');
  other = await createAccount(ctx, 'billing-other@example.com');
});
afterAll(() => ctx?.close());

const get = (who: Account, url: string) =>
  ctx.app.inject({ method: 'GET', url, headers: who.auth });
const post = (who: Account, url: string, payload?: object) =>
  ctx.app.inject({ method: 'POST', url, headers: who.auth, ...(payload ? { payload } : {}) });
const checkout = (who: Account, priceId: string) =>
  post(who, '/api/billing/create-checkout', { price_id: priceId });
const sessionId = (url: string) => url.split('/').pop() ?? '';
const tierOnProfile = async (who: Account) =>
  (await ctx.db.select().from(profiles).where(eq(profiles.userId, who.userId)))[0]
    ?.subscriptionTier;

describe('local billing provider', () => {
  it('lists the local tier table', async () => {
    expect((await get(owner, '/api/billing/plans')).json()).toEqual({
      provider: 'local',
      plans: [
        {
          tier: 'Professional',
          price_id: DEFAULT_PRICE_IDS.Professional,
          product_id: DEFAULT_PRODUCT_IDS.Professional,
        },
        {
          tier: 'Enterprise',
          price_id: DEFAULT_PRICE_IDS.Enterprise,
          product_id: DEFAULT_PRODUCT_IDS.Enterprise,
        },
      ],
    });
  });

  it('rejects a missing, oversized or unknown price_id with a 400 that says why', async () => {
    const missing = await post(owner, '/api/billing/create-checkout', {});
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error.message).toBe(BILLING_MESSAGES.priceIdRequired);
    const long = await checkout(owner, 'p'.repeat(300));
    expect(long.statusCode).toBe(400);
    expect(long.json().error.message).toBe(BILLING_MESSAGES.priceIdTooLong);
    const unknown = await checkout(owner, 'price_nope');
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().error.message).toBe(BILLING_MESSAGES.unknownPrice('price_nope'));
    const badId = await get(owner, '/api/billing/checkout-sessions/not-a-uuid');
    expect(badId.statusCode).toBe(400);
    expect(badId.json().error.message).toBe(BILLING_MESSAGES.sessionIdInvalid);
  });

  it('activates the plan when its owner confirms the checkout, and only then', async () => {
    const created = await checkout(owner, DEFAULT_PRICE_IDS.Professional);
    expect(created.statusCode).toBe(200);
    const { url } = created.json();
    expect(url).toMatch(/^\/dashboard\/billing\/checkout\/[0-9a-f-]{36}$/);
    const id = sessionId(url);
    const session = (await get(owner, `/api/billing/checkout-sessions/${id}`)).json();
    expect(session).toMatchObject({ id, tier: 'Professional', status: 'open' });

    expect((await get(other, `/api/billing/checkout-sessions/${id}`)).statusCode).toBe(404);
    const stolen = await post(other, `/api/billing/checkout-sessions/${id}/complete`);
    expect(stolen.statusCode).toBe(404);
    expect((await get(other, '/api/subscription')).json().subscribed).toBe(false);
    expect((await get(owner, '/api/subscription')).json().subscribed).toBe(false);

    const done = await post(owner, `/api/billing/checkout-sessions/${id}/complete`);
    expect(done.statusCode).toBe(200);
    expect(done.json()).toMatchObject({ status: 'completed', tier: 'Professional' });
    const status = (await get(owner, '/api/subscription')).json();
    expect(status).toMatchObject({
      subscribed: true,
      tier: 'Professional',
      product_id: DEFAULT_PRODUCT_IDS.Professional,
    });
    const days = (Date.parse(status.subscription_end) - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(27);
    expect(days).toBeLessThan(32);
    expect(await tierOnProfile(owner)).toBe('Professional');
    expect((await get(owner, '/api/profile')).json().subscription_tier).toBe('Professional');

    const again = await post(owner, `/api/billing/checkout-sessions/${id}/complete`);
    expect(again.statusCode).toBe(409);
    expect(again.json().error.message).toBe(BILLING_MESSAGES.sessionCompleted);
    const same = await checkout(owner, DEFAULT_PRICE_IDS.Professional);
    expect(same.statusCode).toBe(409);
    expect(same.json().error.message).toBe(BILLING_MESSAGES.alreadyOnPlan('Professional'));
  });

  it('refuses an expired checkout', async () => {
    const id = sessionId((await checkout(other, DEFAULT_PRICE_IDS.Enterprise)).json().url);
    await ctx.db
      .update(checkoutSessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(checkoutSessions.id, id));
    expect((await get(other, `/api/billing/checkout-sessions/${id}`)).json().status).toBe(
      'expired',
    );
    const late = await post(other, `/api/billing/checkout-sessions/${id}/complete`);
    expect(late.statusCode).toBe(409);
    expect(late.json().error.message).toBe(BILLING_MESSAGES.sessionExpired);
    expect((await get(other, '/api/subscription')).json().subscribed).toBe(false);
  });

  it('upgrades to Enterprise, then cancels in the portal back to Free', async () => {
    const id = sessionId((await checkout(owner, DEFAULT_PRICE_IDS.Enterprise)).json().url);
    await post(owner, `/api/billing/checkout-sessions/${id}/complete`);
    expect((await get(owner, '/api/subscription')).json().tier).toBe('Enterprise');
    expect(await tierOnProfile(owner)).toBe('Enterprise');

    expect((await post(owner, '/api/billing/customer-portal')).json()).toEqual({
      url: '/dashboard/billing/portal',
    });
    const created = await post(owner, '/api/api-keys', { name: 'CI' });
    const byKey = await ctx.app.inject({
      method: 'POST',
      url: '/api/billing/cancel',
      headers: { authorization: `Bearer ${created.json().key}` },
    });
    expect(byKey.statusCode).toBe(403);

    const cancelled = await post(owner, '/api/billing/cancel');
    expect(cancelled.statusCode).toBe(200);
    expect(cancelled.json()).toMatchObject({ subscribed: false, tier: 'Free', product_id: null });
    expect(await tierOnProfile(owner)).toBe('Free');
    const twice = await post(owner, '/api/billing/cancel');
    expect(twice.statusCode).toBe(409);
    expect(twice.json().error.message).toBe(BILLING_MESSAGES.notSubscribed);
  });

  it('has no Stripe webhook', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/billing/webhook',
      headers: { 'stripe-signature': 't=1,v1=abc' },
      payload: { id: 'evt_1' },
    });
    expect(res.statusCode).toBe(404);
  });
});

describe('usage', () => {
  it('counts this month’s scans and reports and all findings of the caller’s organization', async () => {
    const now = new Date();
    const lastMonth = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 15));
    const scan = await seedScan(ctx, owner, { status: 'completed', createdAt: now });
    await seedScan(ctx, owner, { status: 'completed', createdAt: now });
    await seedScan(ctx, owner, { status: 'completed', createdAt: lastMonth });
    await seedVulnerability(ctx, owner, scan.id, { severity: 'high' });
    await seedVulnerability(ctx, owner, scan.id, { severity: 'low', port: 80 });
    await seedReport(ctx, owner, now);
    await seedReport(ctx, owner, lastMonth);

    const usage = (await get(owner, '/api/billing/usage')).json();
    expect(usage).toMatchObject({ scans_this_month: 2, vulnerabilities: 2, reports_this_month: 1 });
    expect(new Date(usage.period_start).getUTCDate()).toBe(1);
    expect((await get(other, '/api/billing/usage')).json()).toMatchObject({
      scans_this_month: 0,
      vulnerabilities: 0,
      reports_this_month: 0,
    });
  });
});
