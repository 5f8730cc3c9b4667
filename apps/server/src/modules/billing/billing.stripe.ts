import { BILLING_MESSAGES } from '@netguard/contracts';
import Stripe from 'stripe';
import type { Executor } from '../../db/client.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import type { Logger } from '../../lib/logger.ts';
import type { BillingProvider } from './billing.provider.ts';
import { findBillingAccount } from './billing.repo.ts';

/** A Stripe API client; `httpClient` replaces the transport (tests answer from 127.0.0.1). */
export function createStripeClient(secretKey: string, httpClient?: Stripe.HttpClient): Stripe {
  return new Stripe(secretKey, {
    ...(httpClient ? { httpClient } : {}),
    maxNetworkRetries: 1,
    timeout: 20_000,
    telemetry: false,
  });
}

type Deps = { db: Executor; stripe: Stripe; publicUrl: string; log: Logger };

/**
 * Stripe Checkout for a price, and the Stripe Customer Portal. The user id goes into the
 * session and subscription metadata, so the webhook knows whose plan changed.
 */
export function createStripeProvider({ db, stripe, publicUrl, log }: Deps): BillingProvider {
  const billingPage = `${publicUrl}/dashboard/billing`;

  async function call<T>(what: string, request: () => Promise<T>): Promise<T> {
    try {
      return await request();
    } catch (error) {
      log.error({ err: error, component: 'billing' }, `Stripe ${what} failed`);
      throw new AppError('service_unavailable', 502, BILLING_MESSAGES.providerUnavailable);
    }
  }

  async function account(userId: string, organizationId: string) {
    const row = await findBillingAccount(db, userId, organizationId);
    if (!row) throw notFound('Subscription');
    return row;
  }

  return {
    name: 'stripe',

    async createCheckout(auth, plan) {
      const { email, stripeCustomerId } = await account(auth.userId, auth.organizationId);
      const metadata = { user_id: auth.userId, organization_id: auth.organizationId };
      const session = await call('checkout', () =>
        stripe.checkout.sessions.create({
          mode: 'subscription',
          line_items: [{ price: plan.price_id, quantity: 1 }],
          client_reference_id: auth.userId,
          ...(stripeCustomerId ? { customer: stripeCustomerId } : { customer_email: email }),
          metadata,
          subscription_data: { metadata },
          success_url: `${billingPage}?checkout=success`,
          cancel_url: `${billingPage}?checkout=cancelled`,
        }),
      );
      if (!session.url)
        throw new AppError('service_unavailable', 502, BILLING_MESSAGES.providerUnavailable);
      return session.url;
    },

    async createPortal(auth) {
      const { stripeCustomerId } = await account(auth.userId, auth.organizationId);
      if (!stripeCustomerId) throw new AppError('conflict', 409, BILLING_MESSAGES.noBillingAccount);
      const session = await call('customer portal', () =>
        stripe.billingPortal.sessions.create({
          customer: stripeCustomerId,
          return_url: billingPage,
        }),
      );
      return session.url;
    },
  };
}
