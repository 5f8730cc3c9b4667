import { BILLING_MESSAGES } from '@netguard/contracts';
import { eq } from 'drizzle-orm';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.ts';
import { billingEvents, subscriptions } from '../src/db/schema.ts';
import { type Account, createAccount, createTestApp, type TestContext } from './helpers.ts';

const SECRET = 'whsec_netguard_test_secret';
const STRIPE_ENV = {
  STRIPE_SECRET_KEY: 'sk_test_netguard',
  STRIPE_WEBHOOK_SECRET: SECRET,
  STRIPE_PRICE_PROFESSIONAL: 'price_pro_test',
  STRIPE_PRICE_ENTERPRISE: 'price_ent_test',
  STRIPE_PRODUCT_PROFESSIONAL: 'prod_pro_test',
  STRIPE_PRODUCT_ENTERPRISE: 'prod_ent_test',
};
// Only signs test payloads: no request ever leaves this process.
const signer = new Stripe('sk_test_signer_only');

let ctx: TestContext;
let alice: Account;
let bob: Account;

beforeAll(async () => {
  ctx = await createTestApp(STRIPE_ENV);
  alice = await createAccount(ctx, 'webhook-alice@example.com');
  bob = await createAccount(ctx, 'webhook-bob@example.com');
});
afterAll(() => ctx?.close());

type SubscriptionSeed = {
  sub?: string;
  customer?: string;
  user?: Account;
  product?: string;
  status?: string;
  end?: number;
};

function subscriptionEvent(id: string, type: string, seed: SubscriptionSeed) {
  const item = { id: 'si_1', price: { id: 'price_x', product: seed.product ?? 'prod_pro_test' } };
  return {
    id,
    object: 'event',
    type,
    data: {
      object: {
        id: seed.sub ?? 'sub_1',
        object: 'subscription',
        customer: seed.customer ?? 'cus_alice',
        status: seed.status ?? 'active',
        metadata: seed.user ? { user_id: seed.user.userId } : {},
        items: {
          object: 'list',
          data: [{ ...item, current_period_end: seed.end ?? 1_900_000_000 }],
        },
      },
    },
  };
}

function send(event: object, options: { timestamp?: number; secret?: string } = {}) {
  const payload = JSON.stringify(event);
  const signature = signer.webhooks.generateTestHeaderString({
    payload,
    secret: options.secret ?? SECRET,
    ...(options.timestamp ? { timestamp: options.timestamp } : {}),
  });
  return ctx.app.inject({
    method: 'POST',
    url: '/api/billing/webhook',
    headers: { 'content-type': 'application/json', 'stripe-signature': signature },
    payload,
  });
}

const status = async (who: Account) =>
  (await ctx.app.inject({ method: 'GET', url: '/api/subscription', headers: who.auth })).json();

describe('Stripe webhook signature', () => {
  const event = subscriptionEvent('evt_sig', 'customer.subscription.created', { user: alice });

  it('refuses a delivery without a signature', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/billing/webhook',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify(event),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBe(BILLING_MESSAGES.signatureMissing);
  });

  it('refuses a payload signed with another secret, or altered after signing', async () => {
    const forged = await send(event, { secret: 'whsec_someone_else' });
    expect(forged.statusCode).toBe(400);
    expect(forged.json().error.message).toBe(BILLING_MESSAGES.signatureInvalid);

    const payload = JSON.stringify(event);
    const signature = signer.webhooks.generateTestHeaderString({ payload, secret: SECRET });
    const altered = await ctx.app.inject({
      method: 'POST',
      url: '/api/billing/webhook',
      headers: { 'content-type': 'application/json', 'stripe-signature': signature },
      payload: payload.replace('prod_pro_test', 'prod_ent_test'),
    });
    expect(altered.statusCode).toBe(400);
    expect((await status(alice)).subscribed).toBe(false);
  });

  it('refuses a signature older than five minutes (a captured delivery replayed later)', async () => {
    const old = await send(event, { timestamp: Math.floor(Date.now() / 1000) - 600 });
    expect(old.statusCode).toBe(400);
    expect(old.json().error.message).toBe(BILLING_MESSAGES.signatureInvalid);
    expect(await ctx.db.select().from(billingEvents)).toHaveLength(0);
  });
});

describe('Stripe webhook events', () => {
  it('subscribes on a signed subscription event and maps the product to its tier', async () => {
    const created = await send(
      subscriptionEvent('evt_1', 'customer.subscription.created', { user: alice }),
    );
    expect(created.statusCode).toBe(200);
    expect(created.json()).toEqual({ received: true, duplicate: false });
    expect(await status(alice)).toEqual({
      subscribed: true,
      product_id: 'prod_pro_test',
      subscription_end: new Date(1_900_000_000 * 1000).toISOString(),
      tier: 'Professional',
    });
    const profile = await ctx.app.inject({
      method: 'GET',
      url: '/api/profile',
      headers: alice.auth,
    });
    expect(profile.json().subscription_tier).toBe('Professional');

    await send(
      subscriptionEvent('evt_2', 'customer.subscription.updated', {
        user: alice,
        product: 'prod_ent_test',
      }),
    );
    expect((await status(alice)).tier).toBe('Enterprise');
    await send(
      subscriptionEvent('evt_3', 'customer.subscription.updated', {
        user: alice,
        product: 'prod_someone_elses',
      }),
    );
    expect(await status(alice)).toMatchObject({ subscribed: true, tier: 'Unknown' });
    expect((await status(bob)).subscribed).toBe(false);
  });

  it('applies a replayed event id once', async () => {
    const upgrade = subscriptionEvent('evt_4', 'customer.subscription.updated', {
      user: alice,
      product: 'prod_ent_test',
    });
    await send(upgrade);
    const ended = await send(
      subscriptionEvent('evt_5', 'customer.subscription.deleted', {
        user: alice,
        status: 'canceled',
      }),
    );
    expect(ended.json().duplicate).toBe(false);
    expect(await status(alice)).toMatchObject({
      subscribed: false,
      tier: 'Free',
      product_id: null,
    });

    const replay = await send(upgrade);
    expect(replay.statusCode).toBe(200);
    expect(replay.json()).toEqual({ received: true, duplicate: true });
    expect(await status(alice)).toMatchObject({ subscribed: false, tier: 'Free' });
    const rows = await ctx.db.select().from(billingEvents).where(eq(billingEvents.id, 'evt_4'));
    expect(rows).toMatchObject([{ provider: 'stripe', type: 'customer.subscription.updated' }]);
  });

  it('links the checkout’s customer, then finds the user by it', async () => {
    await send({
      id: 'evt_6',
      object: 'event',
      type: 'checkout.session.completed',
      data: {
        object: {
          id: 'cs_1',
          object: 'checkout.session',
          client_reference_id: bob.userId,
          customer: 'cus_bob',
          subscription: 'sub_bob',
          metadata: { user_id: bob.userId },
        },
      },
    });
    const [row] = await ctx.db
      .select()
      .from(subscriptions)
      .where(eq(subscriptions.userId, bob.userId));
    expect(row).toMatchObject({ stripeCustomerId: 'cus_bob', stripeSubscriptionId: 'sub_bob' });

    await send(
      subscriptionEvent('evt_7', 'customer.subscription.updated', {
        sub: 'sub_bob',
        customer: 'cus_bob',
      }),
    );
    expect(await status(bob)).toMatchObject({ subscribed: true, tier: 'Professional' });

    // The end of a subscription Bob has since replaced leaves the current one alone.
    await send(
      subscriptionEvent('evt_8', 'customer.subscription.deleted', {
        sub: 'sub_bob_old',
        customer: 'cus_bob',
        status: 'canceled',
      }),
    );
    expect((await status(bob)).subscribed).toBe(true);
  });

  it('answers 400 to a signed but malformed subscription and does not record it', async () => {
    const event = subscriptionEvent('evt_9', 'customer.subscription.updated', { user: alice });
    const res = await send({ ...event, data: { object: { id: 'sub_1' } } });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBe(BILLING_MESSAGES.payloadInvalid);
    expect(await ctx.db.select().from(billingEvents).where(eq(billingEvents.id, 'evt_9'))).toEqual(
      [],
    );
  });

  it('answers 400 to a signed body that is not JSON', async () => {
    const payload = '{"id": "evt_broken"';
    const signature = signer.webhooks.generateTestHeaderString({ payload, secret: SECRET });
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/billing/webhook',
      headers: { 'content-type': 'application/json', 'stripe-signature': signature },
      payload,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBe(BILLING_MESSAGES.payloadInvalid);
  });

  it('records and ignores event types it does not use', async () => {
    const res = await send({
      id: 'evt_10',
      object: 'event',
      type: 'invoice.paid',
      data: { object: { id: 'in_1' } },
    });
    expect(res.json()).toEqual({ received: true, duplicate: false });
  });
});

describe('Stripe deployment', () => {
  it('lists the configured tier table and has no local checkout routes', async () => {
    const plans = await ctx.app.inject({
      method: 'GET',
      url: '/api/billing/plans',
      headers: bob.auth,
    });
    expect(plans.json()).toEqual({
      provider: 'stripe',
      plans: [
        { tier: 'Professional', price_id: 'price_pro_test', product_id: 'prod_pro_test' },
        { tier: 'Enterprise', price_id: 'price_ent_test', product_id: 'prod_ent_test' },
      ],
    });
    const cancel = await ctx.app.inject({
      method: 'POST',
      url: '/api/billing/cancel',
      headers: bob.auth,
    });
    expect(cancel.statusCode).toBe(404);
    const docs = await ctx.app.inject({ method: 'GET', url: '/api/openapi.json' });
    expect(Object.keys(docs.json().paths)).toContain('/api/billing/webhook');
  });

  it('needs all six Stripe variables', () => {
    expect(() => loadConfig({ STRIPE_SECRET_KEY: 'sk_test_1' })).toThrow(/STRIPE_WEBHOOK_SECRET/);
    expect(loadConfig(STRIPE_ENV).stripe?.products.Enterprise).toBe('prod_ent_test');
    expect(loadConfig({}).stripe).toBeUndefined();
  });
});
