import { index, pgEnum, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { orgRef, userRef } from './accounts.ts';
import { createdAt, tstz } from './columns.ts';

/** Provider webhook events already applied: a replayed event id is ignored. */
export const billingEvents = pgTable('billing_events', {
  id: text('id').primaryKey(),
  provider: text('provider').notNull(),
  type: text('type').notNull(),
  receivedAt: createdAt(),
});

export const CHECKOUT_STATUSES = ['open', 'completed', 'expired'] as const;
export const checkoutStatusEnum = pgEnum('checkout_status', CHECKOUT_STATUSES);

/** Checkout sessions of the built-in local billing provider. */
export const checkoutSessions = pgTable(
  'checkout_sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: userRef(),
    organizationId: orgRef(),
    priceId: text('price_id').notNull(),
    productId: text('product_id').notNull(),
    status: checkoutStatusEnum('status').notNull().default('open'),
    createdAt: createdAt(),
    expiresAt: tstz('expires_at').notNull(),
    completedAt: tstz('completed_at'),
  },
  (t) => [index('checkout_sessions_user_idx').on(t.userId)],
);
