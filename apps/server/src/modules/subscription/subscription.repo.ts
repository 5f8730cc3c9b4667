import { and, eq } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { subscriptions } from '../../db/schema.ts';

export async function findSubscription(db: Executor, userId: string, organizationId: string) {
  const [row] = await db
    .select({
      subscribed: subscriptions.subscribed,
      productId: subscriptions.productId,
      subscriptionEnd: subscriptions.subscriptionEnd,
    })
    .from(subscriptions)
    .where(and(eq(subscriptions.userId, userId), eq(subscriptions.organizationId, organizationId)));
  return row;
}
