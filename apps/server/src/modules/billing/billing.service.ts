import {
  BILLING_MESSAGES,
  type TBillingPlans,
  type TBillingUrl,
  type TCreateCheckoutBody,
  type TPaidPlan,
} from '@netguard/contracts';
import type { StripeSettings } from '../../config.ts';
import type { Executor } from '../../db/client.ts';
import { AppError } from '../../lib/errors.ts';
import type { Logger } from '../../lib/logger.ts';
import { requireSession } from '../api-keys/api-keys.service.ts';
import type { AuthContext } from '../auth/sessions.service.ts';
import type { SubscriptionService } from '../subscription/subscription.service.ts';
import { createLocalCheckout, createLocalProvider, type LocalCheckout } from './billing.local.ts';
import { paidPlans } from './billing.plans.ts';
import type { BillingProvider } from './billing.provider.ts';
import { createStripeClient, createStripeProvider } from './billing.stripe.ts';
import { readUsage } from './billing.usage.ts';
import { createStripeWebhook, type StripeWebhook } from './billing.webhook.ts';

type ServiceDeps = {
  db: Executor;
  subscription: SubscriptionService;
  provider: BillingProvider;
  plans: TPaidPlan[];
};

/** Plans, checkout, customer portal and usage, whichever provider takes the payments. */
export function createBillingService({ db, subscription, provider, plans }: ServiceDeps) {
  return {
    plans(): TBillingPlans {
      return { provider: provider.name, plans };
    },

    async createCheckout(auth: AuthContext, body: TCreateCheckoutBody): Promise<TBillingUrl> {
      requireSession(auth);
      const plan = plans.find((p) => p.price_id === body.price_id);
      if (!plan)
        throw new AppError('bad_request', 400, BILLING_MESSAGES.unknownPrice(body.price_id));
      const status = await subscription.status(auth);
      if (status.subscribed && status.product_id === plan.product_id)
        throw new AppError('conflict', 409, BILLING_MESSAGES.alreadyOnPlan(plan.tier));
      return { url: await provider.createCheckout(auth, plan) };
    },

    async createPortal(auth: AuthContext): Promise<TBillingUrl> {
      requireSession(auth);
      return { url: await provider.createPortal(auth) };
    },

    usage: (auth: AuthContext) => readUsage(db, auth.organizationId),
  };
}

export type BillingService = ReturnType<typeof createBillingService>;

/** The billing of a deployment: Stripe's routes or the local provider's, never both. */
export type Billing = {
  service: BillingService;
  local?: LocalCheckout;
  webhook?: StripeWebhook;
};

type BillingDeps = {
  db: Executor;
  subscription: SubscriptionService;
  stripe?: StripeSettings;
  publicUrl: string;
  log: Logger;
};

/** Stripe when it is configured, otherwise the built-in local provider. */
export function createBilling({ db, subscription, stripe, publicUrl, log }: BillingDeps): Billing {
  const plans = paidPlans(stripe);
  if (!stripe) {
    const provider = createLocalProvider({ db });
    return {
      service: createBillingService({ db, subscription, provider, plans }),
      local: createLocalCheckout({ db, subscription, plans }),
    };
  }
  const client = createStripeClient(stripe.secretKey);
  const provider = createStripeProvider({ db, stripe: client, publicUrl, log });
  return {
    service: createBillingService({ db, subscription, provider, plans }),
    webhook: createStripeWebhook({
      db,
      stripe: client,
      webhookSecret: stripe.webhookSecret,
      subscription,
      log,
    }),
  };
}
