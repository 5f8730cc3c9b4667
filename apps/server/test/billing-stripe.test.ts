import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { BILLING_MESSAGES, type TPaidPlan } from '@netguard/contracts';
import { eq } from 'drizzle-orm';
import Stripe from 'stripe';
import { Agent, fetch as undiciFetch } from 'undici';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { subscriptions } from '../src/db/schema.ts';
import { createLogger } from '../src/lib/logger.ts';
import type { AuthContext } from '../src/modules/auth/sessions.service.ts';
import type { BillingProvider } from '../src/modules/billing/billing.provider.ts';
import { createStripeClient, createStripeProvider } from '../src/modules/billing/billing.stripe.ts';
import { type Account, createAccount, createTestApp, type TestContext } from './helpers.ts';

type Recorded = { method: string; path: string; authorization: string; form: URLSearchParams };

/** Answers like the Stripe API, from 127.0.0.1, and records what the SDK sent. */
function startFakeStripe(requests: Recorded[]): Promise<Server> {
  const server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk) => {
      body += chunk;
    });
    req.on('end', () => {
      const path = req.url ?? '';
      requests.push({
        method: req.method ?? '',
        path,
        authorization: req.headers.authorization ?? '',
        form: new URLSearchParams(body),
      });
      res.setHeader('content-type', 'application/json');
      if (path === '/v1/checkout/sessions') {
        const price = new URLSearchParams(body).get('line_items[0][price]');
        if (price === 'price_rejected') {
          res.statusCode = 400;
          res.end(
            JSON.stringify({ error: { type: 'invalid_request_error', message: 'No such price' } }),
          );
          return;
        }
        res.end(
          JSON.stringify({
            id: 'cs_test_1',
            object: 'checkout.session',
            url: 'https://checkout.stripe.com/c/pay/cs_test_1',
          }),
        );
        return;
      }
      res.end(
        JSON.stringify({
          id: 'bps_1',
          object: 'billing_portal.session',
          url: 'https://billing.stripe.com/p/session/test_1',
        }),
      );
    });
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)));
}

const PLAN: TPaidPlan = {
  tier: 'Professional',
  price_id: 'price_pro_test',
  product_id: 'prod_pro_test',
};

let ctx: TestContext;
let fake: Server;
let user: Account;
let auth: AuthContext;
let provider: BillingProvider;
const requests: Recorded[] = [];

beforeAll(async () => {
  ctx = await createTestApp();
  user = await createAccount(ctx, 'stripe-user@example.com');
  auth = {
    userId: user.userId,
    organizationId: user.organizationId,
    role: 'admin',
    sessionId: 's',
  };
  fake = await startFakeStripe(requests);
  const { port } = fake.address() as AddressInfo;
  // The SDK builds https://api.stripe.com URLs; this fetch sends them to the fake server instead,
  // through connections of its own: the files of a worker share the global fetch's pool, where a
  // connection to an earlier file's server on the same ephemeral port may linger.
  const own = new Agent();
  const toFake: typeof fetch = (input, init) => {
    const url = new URL(input instanceof Request ? input.url : input);
    expect(url.host).toBe('api.stripe.com');
    return undiciFetch(`http://127.0.0.1:${port}${url.pathname}${url.search}`, {
      ...(init as Parameters<typeof undiciFetch>[1]),
      dispatcher: own,
    }) as unknown as Promise<Response>;
  };
  const stripe = createStripeClient('sk_test_netguard', Stripe.createFetchHttpClient(toFake));
  provider = createStripeProvider({
    db: ctx.db,
    stripe,
    publicUrl: 'https://netguard.example.com',
    log: createLogger('silent'),
  });
});
afterAll(async () => {
  fake?.close();
  await ctx?.close();
});
beforeEach(() => {
  requests.length = 0;
});

describe('Stripe provider', () => {
  it('creates a subscription Checkout Session for the price, tagged with the user', async () => {
    const url = await provider.createCheckout(auth, PLAN);
    expect(url).toBe('https://checkout.stripe.com/c/pay/cs_test_1');
    expect(requests).toHaveLength(1);
    const [sent] = requests;
    expect(sent).toMatchObject({
      method: 'POST',
      path: '/v1/checkout/sessions',
      authorization: 'Bearer sk_test_netguard',
    });
    expect(Object.fromEntries(sent?.form ?? [])).toEqual({
      mode: 'subscription',
      'line_items[0][price]': 'price_pro_test',
      'line_items[0][quantity]': '1',
      client_reference_id: user.userId,
      customer_email: 'stripe-user@example.com',
      'metadata[user_id]': user.userId,
      'metadata[organization_id]': user.organizationId,
      'subscription_data[metadata][user_id]': user.userId,
      'subscription_data[metadata][organization_id]': user.organizationId,
      success_url: 'https://netguard.example.com/dashboard/billing?checkout=success',
      cancel_url: 'https://netguard.example.com/dashboard/billing?checkout=cancelled',
    });
  });

  it('refuses the portal before there is a Stripe customer, without calling Stripe', async () => {
    await expect(provider.createPortal(auth)).rejects.toMatchObject({
      status: 409,
      message: BILLING_MESSAGES.noBillingAccount,
    });
    expect(requests).toHaveLength(0);
  });

  it('uses the linked customer for the portal and later checkouts', async () => {
    await ctx.db
      .update(subscriptions)
      .set({ stripeCustomerId: 'cus_linked' })
      .where(eq(subscriptions.userId, user.userId));
    expect(await provider.createPortal(auth)).toBe('https://billing.stripe.com/p/session/test_1');
    expect(requests[0]?.path).toBe('/v1/billing_portal/sessions');
    expect(Object.fromEntries(requests[0]?.form ?? [])).toEqual({
      customer: 'cus_linked',
      return_url: 'https://netguard.example.com/dashboard/billing',
    });

    await provider.createCheckout(auth, { ...PLAN, tier: 'Enterprise', price_id: 'price_ent' });
    const form = requests[1]?.form;
    expect(form?.get('customer')).toBe('cus_linked');
    expect(form?.has('customer_email')).toBe(false);
    expect(form?.get('line_items[0][price]')).toBe('price_ent');
  });

  it('turns a Stripe error into a 502 the user can act on', async () => {
    await expect(
      provider.createCheckout(auth, { ...PLAN, price_id: 'price_rejected' }),
    ).rejects.toMatchObject({ status: 502, message: BILLING_MESSAGES.providerUnavailable });
  });
});
