import { and, eq } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { billingEvents, subscriptions, users } from '../../db/schema.ts';

/** Records a provider event; false when its id was seen before (a replay or a retry). */
export async function recordEvent(
  tx: Executor,
  event: { id: string; provider: string; type: string },
): Promise<boolean> {
  const inserted = await tx
    .insert(billingEvents)
    .values(event)
    .onConflictDoNothing()
    .returning({ id: billingEvents.id });
  return inserted.length > 0;
}

/** The caller's e-mail and Stripe customer, for a Stripe checkout or portal session. */
export async function findBillingAccount(db: Executor, userId: string, organizationId: string) {
  const [row] = await db
    .select({ email: users.email, stripeCustomerId: subscriptions.stripeCustomerId })
    .from(subscriptions)
    .innerJoin(users, eq(users.id, subscriptions.userId))
    .where(and(eq(subscriptions.userId, userId), eq(subscriptions.organizationId, organizationId)));
  return row;
}

export async function findStripeSubscriptionId(tx: Executor, userId: string) {
  const [row] = await tx
    .select({ id: subscriptions.stripeSubscriptionId })
    .from(subscriptions)
    .where(eq(subscriptions.userId, userId));
  return row?.id ?? null;
}

export async function findUserByStripeCustomer(tx: Executor, customerId: string) {
  const [row] = await tx
    .select({ userId: subscriptions.userId })
    .from(subscriptions)
    .where(eq(subscriptions.stripeCustomerId, customerId));
  return row?.userId ?? null;
}

/** Remembers the Stripe customer (and subscription) a completed checkout created for a user. */
export async function linkStripeCustomer(
  tx: Executor,
  userId: string,
  ids: { customerId: string; subscriptionId: string | null },
) {
  await tx
    .update(subscriptions)
    .set({
      stripeCustomerId: ids.customerId,
      ...(ids.subscriptionId ? { stripeSubscriptionId: ids.subscriptionId } : {}),
      updatedAt: new Date(),
    })
    .where(eq(subscriptions.userId, userId));
}
