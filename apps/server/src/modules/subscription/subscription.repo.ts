import type { TBillingProvider, TTier } from '@netguard/contracts';
import { desc, eq } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { profiles, subscriptions } from '../../db/schema.ts';

/**
 * The plan of an organization: the subscription held in it (its founder's, made at sign-up).
 * Every member works under it, whatever they pay for their own organization.
 */
export async function findSubscription(db: Executor, organizationId: string) {
  const [row] = await db
    .select({
      subscribed: subscriptions.subscribed,
      productId: subscriptions.productId,
      subscriptionEnd: subscriptions.subscriptionEnd,
    })
    .from(subscriptions)
    .where(eq(subscriptions.organizationId, organizationId))
    .orderBy(desc(subscriptions.subscribed), desc(subscriptions.updatedAt))
    .limit(1);
  return row;
}

/** What a billing provider sets; Stripe ids are left alone when omitted. */
export type SubscriptionPatch = {
  subscribed: boolean;
  productId: string | null;
  subscriptionEnd: Date | null;
  provider: TBillingProvider;
  stripeCustomerId?: string | null;
  stripeSubscriptionId?: string | null;
};

/** Writes a user's subscription and the tier on their profile; false when the user is gone. */
export async function updateSubscription(
  tx: Executor,
  userId: string,
  patch: SubscriptionPatch,
  tier: TTier,
): Promise<boolean> {
  const updated = await tx
    .update(subscriptions)
    .set({ ...patch, updatedAt: new Date() })
    .where(eq(subscriptions.userId, userId))
    .returning({ userId: subscriptions.userId });
  if (updated.length === 0) return false;
  await tx.update(profiles).set({ subscriptionTier: tier }).where(eq(profiles.userId, userId));
  return true;
}
