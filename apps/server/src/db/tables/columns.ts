import { timestamp, uuid } from 'drizzle-orm/pg-core';

/** Timestamp with time zone, read as a Date. */
export const tstz = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
export const id = () => uuid('id').primaryKey().defaultRandom();
export const createdAt = () => tstz('created_at').notNull().defaultNow();
