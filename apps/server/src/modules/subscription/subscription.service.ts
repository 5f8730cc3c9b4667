import {
  DEFAULT_PRODUCT_IDS,
  type TSubscriptionStatus,
  type TTierTable,
  tierFromProductId,
  UNSUBSCRIBED,
} from '@netguard/contracts';
import type { Executor } from '../../db/client.ts';
import type { AuthContext } from '../auth/sessions.service.ts';
import {
  findSubscription,
  type SubscriptionPatch,
  updateSubscription,
} from './subscription.repo.ts';

type Deps = {
  db: Executor;
  /** Product ids of the paid tiers; the local provider's unless Stripe is configured. */
  tiers?: TTierTable;
};

/** Subscription status: a subscription whose end date has passed counts as not subscribed. */
export function createSubscriptionService({ db, tiers = DEFAULT_PRODUCT_IDS }: Deps) {
  return {
    async status(auth: AuthContext): Promise<TSubscriptionStatus> {
      const row = await findSubscription(db, auth.organizationId);
      if (!row) return UNSUBSCRIBED;
      const ended = row.subscriptionEnd !== null && row.subscriptionEnd.getTime() <= Date.now();
      const subscribed = row.subscribed && !ended;
      return {
        subscribed,
        product_id: row.productId,
        subscription_end: row.subscriptionEnd?.toISOString() ?? null,
        tier: subscribed ? tierFromProductId(row.productId, tiers) : 'Free',
      };
    },

    /** Sets a user's subscription inside `tx`; the profile's tier follows it. */
    write(tx: Executor, userId: string, patch: SubscriptionPatch): Promise<boolean> {
      const tier = patch.subscribed ? tierFromProductId(patch.productId, tiers) : 'Free';
      return updateSubscription(tx, userId, patch, tier);
    },
  };
}

export type SubscriptionService = ReturnType<typeof createSubscriptionService>;
