import {
  type TPlanFeature,
  type TSubscriptionStatus,
  type TTier,
  type TTierTable,
  tierFromProductId,
  tierIncludes,
  UNSUBSCRIBED,
} from '@netguard/contracts';
import type { Executor } from '../../db/client.ts';
import { findSubscription } from './subscription.repo.ts';

type SubscriptionRow = Awaited<ReturnType<typeof findSubscription>>;

/** The status of a subscription row: one whose end date has passed is not subscribed (Free). */
export function statusOf(row: SubscriptionRow, tiers: TTierTable): TSubscriptionStatus {
  if (!row) return UNSUBSCRIBED;
  const ended = row.subscriptionEnd !== null && row.subscriptionEnd.getTime() <= Date.now();
  const subscribed = row.subscribed && !ended;
  return {
    subscribed,
    product_id: row.productId,
    subscription_end: row.subscriptionEnd?.toISOString() ?? null,
    tier: subscribed ? tierFromProductId(row.productId, tiers) : 'Free',
  };
}

/** The tier of the organization's plan (the subscription held in it), the one read of it. */
export async function tierOf(
  db: Executor,
  tiers: TTierTable,
  organizationId: string,
): Promise<TTier> {
  return statusOf(await findSubscription(db, organizationId), tiers).tier;
}

/** Whether the organization's plan includes `feature` (the plan matrix, PLAN_FEATURES). */
export async function planIncludes(
  db: Executor,
  tiers: TTierTable,
  organizationId: string,
  feature: TPlanFeature,
): Promise<boolean> {
  return tierIncludes(await tierOf(db, tiers, organizationId), feature);
}
