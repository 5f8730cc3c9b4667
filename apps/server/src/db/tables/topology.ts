import { jsonb, pgTable, uuid } from 'drizzle-orm/pg-core';
import { orgRef, users } from './accounts.ts';
import { tstz } from './columns.ts';

/** A user's topology view options (layout and display), kept across sessions. */
export const topologySettings = pgTable('topology_settings', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  organizationId: orgRef(),
  settings: jsonb('settings').notNull(),
  updatedAt: tstz('updated_at').notNull().defaultNow(),
});
