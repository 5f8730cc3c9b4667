import {
  DEFAULT_PRODUCT_IDS,
  type TPlanFeature,
  type TSubscriptionStatus,
  type TTier,
  type TTierTable,
  tierFromProductId,
} from '@netguard/contracts';
import type { Executor } from '../../db/client.ts';
import type { AuthContext } from '../auth/sessions.service.ts';
import {
  findSubscription,
  type SubscriptionPatch,
  updateSubscription,
} from './subscription.repo.ts';
import { planIncludes, statusOf, tierOf } from './subscription.tier.ts';

type Deps = {
  db: Executor;
  /** Product ids of the paid tiers; the local provider's unless Stripe is configured. */
  tiers?: TTierTable;
};

/** Subscription status: a subscription whose end date has passed counts as not subscribed. */
export function createSubscriptionService({ db, tiers = DEFAULT_PRODUCT_IDS }: Deps) {
  return {
    async status(auth: AuthContext): Promise<TSubscriptionStatus> {
      return statusOf(await findSubscription(db, auth.organizationId), tiers);
    },

    /** The tier of the organization's plan. */
    tier: (organizationId: string): Promise<TTier> => tierOf(db, tiers, organizationId),

    /** Whether the organization's plan includes `feature`. */
    includes: (organizationId: string, feature: TPlanFeature): Promise<boolean> =>
      planIncludes(db, tiers, organizationId, feature),

    /** Sets a user's subscription inside `tx`; the profile's tier follows it. */
    write(tx: Executor, userId: string, patch: SubscriptionPatch): Promise<boolean> {
      const tier = patch.subscribed ? tierFromProductId(patch.productId, tiers) : 'Free';
      return updateSubscription(tx, userId, patch, tier);
    },
  };
}

export type SubscriptionService = ReturnType<typeof createSubscriptionService>;
