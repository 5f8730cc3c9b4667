import { and, eq, gt } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { checkoutSessions } from '../../db/schema.ts';

export type CheckoutSessionRow = typeof checkoutSessions.$inferSelect;

export async function insertCheckoutSession(
  db: Executor,
  values: typeof checkoutSessions.$inferInsert,
): Promise<CheckoutSessionRow> {
  const [row] = await db.insert(checkoutSessions).values(values).returning();
  if (!row) throw new Error('checkout session insert returned no row');
  return row;
}

/** A checkout session of the caller: another account's id reads as missing. */
export async function findCheckoutSession(
  db: Executor,
  id: string,
  owner: { userId: string; organizationId: string },
) {
  const [row] = await db
    .select()
    .from(checkoutSessions)
    .where(
      and(
        eq(checkoutSessions.id, id),
        eq(checkoutSessions.userId, owner.userId),
        eq(checkoutSessions.organizationId, owner.organizationId),
      ),
    );
  return row;
}

/** Marks an open, unexpired session completed; undefined when it was not (any more). */
export async function completeCheckoutSession(tx: Executor, id: string, userId: string) {
  const now = new Date();
  const [row] = await tx
    .update(checkoutSessions)
    .set({ status: 'completed', completedAt: now })
    .where(
      and(
        eq(checkoutSessions.id, id),
        eq(checkoutSessions.userId, userId),
        eq(checkoutSessions.status, 'open'),
        gt(checkoutSessions.expiresAt, now),
      ),
    )
    .returning();
  return row;
}
