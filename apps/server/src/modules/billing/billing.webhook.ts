import {
  BILLING_MESSAGES,
  type TStripeSubscription,
  type TWebhookAck,
  ZStripeCheckoutSession,
  ZStripeEvent,
  ZStripeSubscription,
} from '@netguard/contracts';
import Stripe from 'stripe';
import type { z } from 'zod';
import type { Executor } from '../../db/client.ts';
import { AppError } from '../../lib/errors.ts';
import type { Logger } from '../../lib/logger.ts';
import type { SubscriptionService } from '../subscription/subscription.service.ts';
import * as repo from './billing.repo.ts';

/** Stripe statuses that keep the plan: past_due too, while Stripe retries the payment. */
const ACTIVE_STATUSES = new Set(['active', 'trialing', 'past_due']);
const SUBSCRIPTION_EVENTS = new Set([
  'customer.subscription.created',
  'customer.subscription.updated',
  'customer.subscription.deleted',
]);

type Deps = {
  db: Executor;
  stripe: Stripe;
  webhookSecret: string;
  subscription: SubscriptionService;
  log: Logger;
};

const badRequest = (message: string) => new AppError('bad_request', 400, message);

function parseObject<T extends z.ZodType>(schema: T, value: unknown): z.infer<T> {
  const parsed = schema.safeParse(value);
  if (!parsed.success) throw badRequest(BILLING_MESSAGES.payloadInvalid);
  return parsed.data;
}

/**
 * The Stripe webhook: verifies the signature (and its age: Stripe's 5-minute tolerance), then
 * records the event id and applies it in one transaction, so a replayed or retried event is
 * applied once.
 */
export function createStripeWebhook({ db, stripe, webhookSecret, subscription, log }: Deps) {
  function verify(rawBody: Buffer, signature: string) {
    try {
      return parseObject(
        ZStripeEvent,
        stripe.webhooks.constructEvent(rawBody, signature, webhookSecret),
      );
    } catch (error) {
      if (error instanceof AppError) throw error;
      const forged = error instanceof Stripe.errors.StripeSignatureVerificationError;
      throw badRequest(
        forged ? BILLING_MESSAGES.signatureInvalid : BILLING_MESSAGES.payloadInvalid,
      );
    }
  }

  async function applySubscription(tx: Executor, type: string, sub: TStripeSubscription) {
    const userId = sub.metadata?.user_id ?? (await repo.findUserByStripeCustomer(tx, sub.customer));
    if (!userId) {
      log.warn(
        { component: 'billing', subscription: sub.id },
        'Stripe subscription of no known user',
      );
      return;
    }
    const [item] = sub.items.data;
    const kept = type !== 'customer.subscription.deleted' && ACTIVE_STATUSES.has(sub.status);
    const active = kept && item ? item : null;
    // The end of a subscription the user has since replaced must not end the new one.
    const current = await repo.findStripeSubscriptionId(tx, userId);
    if (!active && current && current !== sub.id) return;
    await subscription.write(tx, userId, {
      subscribed: active !== null,
      productId: active?.price.product ?? null,
      subscriptionEnd: active?.current_period_end
        ? new Date(active.current_period_end * 1000)
        : null,
      provider: 'stripe',
      stripeCustomerId: sub.customer,
      stripeSubscriptionId: active ? sub.id : null,
    });
  }

  async function apply(tx: Executor, event: z.infer<typeof ZStripeEvent>) {
    if (SUBSCRIPTION_EVENTS.has(event.type)) {
      await applySubscription(tx, event.type, parseObject(ZStripeSubscription, event.data.object));
      return;
    }
    if (event.type !== 'checkout.session.completed') return;
    const session = parseObject(ZStripeCheckoutSession, event.data.object);
    const userId = session.client_reference_id ?? session.metadata?.user_id;
    if (!userId || !session.customer) return;
    await repo.linkStripeCustomer(tx, userId, {
      customerId: session.customer,
      subscriptionId: session.subscription ?? null,
    });
  }

  return {
    async receive(rawBody: Buffer, signature: string): Promise<TWebhookAck> {
      const event = verify(rawBody, signature);
      return db.transaction(async (tx) => {
        const fresh = await repo.recordEvent(tx, {
          id: event.id,
          provider: 'stripe',
          type: event.type,
        });
        if (fresh) await apply(tx, event);
        return { received: true, duplicate: !fresh };
      });
    },
  };
}

export type StripeWebhook = ReturnType<typeof createStripeWebhook>;
