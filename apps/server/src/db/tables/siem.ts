import {
  SIEM_AUTH_TYPES,
  SIEM_DELIVERY_STATES,
  SIEM_STATUSES,
  SIEM_TYPES,
  type TSiemFilters,
  type TSiemOptions,
  type TSiemReceipt,
  type TSiemSettings,
} from '@netguard/contracts';
import {
  bigint,
  bigserial,
  boolean,
  index,
  integer,
  jsonb,
  pgEnum,
  pgTable,
  primaryKey,
  text,
  uuid,
} from 'drizzle-orm/pg-core';
import { orgRef, users } from './accounts.ts';
import { createdAt, id, tstz } from './columns.ts';

export const siemTypeEnum = pgEnum('siem_type', SIEM_TYPES);
export const siemAuthTypeEnum = pgEnum('siem_auth_type', SIEM_AUTH_TYPES);
export const siemStatusEnum = pgEnum('siem_status', SIEM_STATUSES);
export const siemDeliveryStateEnum = pgEnum('siem_delivery_state', SIEM_DELIVERY_STATES);

/**
 * A SIEM the organization forwards events to. The credentials are sealed (AES-256-GCM, bound to
 * the row's id); `public_credentials` holds what a response may show (ids, and which secrets are
 * set). `retry_at` pauses forwarding after a failure (back-off), `failures` counts the failures
 * in a row. `saved_by_operator`: whether a deployment operator made the last save (create or
 * update); only then does forwarding go out with the operator's reach of the egress policy.
 */
export const siemIntegrations = pgTable(
  'siem_integrations',
  {
    id: id(),
    organizationId: orgRef(),
    name: text('name').notNull(),
    type: siemTypeEnum('type').notNull(),
    endpoint: text('endpoint').notNull(),
    authType: siemAuthTypeEnum('auth_type').notNull(),
    sealedCredentials: text('sealed_credentials').notNull(),
    publicCredentials: jsonb('public_credentials').$type<Record<string, string>>().notNull(),
    options: jsonb('options').$type<TSiemOptions>().notNull(),
    settings: jsonb('settings').$type<TSiemSettings>().notNull(),
    filters: jsonb('filters').$type<TSiemFilters>().notNull(),
    /** Splunk HEC channel (X-Splunk-Request-Channel). */
    channel: uuid('channel').notNull().defaultRandom(),
    status: siemStatusEnum('status').notNull().default('active'),
    lastError: text('last_error'),
    lastSync: tstz('last_sync'),
    retryAt: tstz('retry_at'),
    failures: integer('failures').notNull().default(0),
    savedByOperator: boolean('saved_by_operator').notNull().default(false),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: tstz('updated_at').notNull().defaultNow(),
  },
  (t) => [index('siem_integrations_org_idx').on(t.organizationId, t.createdAt)],
);

/**
 * The outbox: every event NetGuard produced, written in the transaction of the change it
 * describes. `seq` orders an organization's events.
 */
export const siemEvents = pgTable(
  'siem_events',
  {
    id: uuid('id').primaryKey(),
    seq: bigserial('seq', { mode: 'number' }).notNull(),
    organizationId: orgRef(),
    type: text('type').notNull(),
    level: text('level').notNull(),
    source: text('source').notNull(),
    /** The SiemEvent as forwarded. */
    event: jsonb('event').$type<Record<string, unknown>>().notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('siem_events_org_idx').on(t.organizationId, t.createdAt)],
);

/**
 * One event for one integration: pending until the SIEM accepted it (delivered, with its
 * receipt) or it cannot be delivered (dead, with the reason) — the delivery log and the
 * dead-letter list.
 */
export const siemDeliveries = pgTable(
  'siem_deliveries',
  {
    integrationId: uuid('integration_id')
      .notNull()
      .references(() => siemIntegrations.id, { onDelete: 'cascade' }),
    eventId: uuid('event_id')
      .notNull()
      .references(() => siemEvents.id, { onDelete: 'cascade' }),
    organizationId: orgRef(),
    seq: bigint('seq', { mode: 'number' }).notNull(),
    state: siemDeliveryStateEnum('state').notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    receipt: jsonb('receipt').$type<TSiemReceipt>(),
    queuedAt: tstz('queued_at').notNull().defaultNow(),
    deliveredAt: tstz('delivered_at'),
    deadAt: tstz('dead_at'),
  },
  (t) => [
    primaryKey({ columns: [t.integrationId, t.eventId] }),
    index('siem_deliveries_queue_idx').on(t.integrationId, t.state, t.seq),
    index('siem_deliveries_delivered_idx').on(t.integrationId, t.deliveredAt),
  ],
);
