import { type TSubscriptionStatus, tierFromProductId, UNSUBSCRIBED } from '@netguard/contracts';
import type { Executor } from '../../db/client.ts';
import type { AuthContext } from '../auth/sessions.service.ts';
import { findSubscription } from './subscription.repo.ts';

/** Subscription status: a subscription whose end date has passed counts as not subscribed. */
export function createSubscriptionService({ db }: { db: Executor }) {
  return {
    async status(auth: AuthContext): Promise<TSubscriptionStatus> {
      const row = await findSubscription(db, auth.userId, auth.organizationId);
      if (!row) return UNSUBSCRIBED;
      const ended = row.subscriptionEnd !== null && row.subscriptionEnd.getTime() <= Date.now();
      const subscribed = row.subscribed && !ended;
      return {
        subscribed,
        product_id: row.productId,
        subscription_end: row.subscriptionEnd?.toISOString() ?? null,
        tier: subscribed ? tierFromProductId(row.productId) : 'Free',
      };
    },
  };
}

export type SubscriptionService = ReturnType<typeof createSubscriptionService>;
