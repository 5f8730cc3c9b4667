import { ROLES } from '@netguard/contracts';
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  pgEnum,
  pgTable,
  primaryKey,
  smallint,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { createdAt, id, tstz } from './columns.ts';

/** A required user_id column that goes with its user. */
export const userRef = () =>
  uuid('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' });
/** A required organization_id column that goes with its organization. */
export const orgRef = () =>
  uuid('organization_id')
    .notNull()
    .references(() => organizations.id, { onDelete: 'cascade' });

export const roleEnum = pgEnum('app_role', ROLES);
export const emailTokenKindEnum = pgEnum('email_token_kind', ['confirm', 'reset']);

export const users = pgTable(
  'users',
  {
    id: id(),
    email: text('email').notNull().unique(),
    passwordHash: text('password_hash').notNull(),
    emailConfirmedAt: tstz('email_confirmed_at'),
    /** Named by whoever runs the server (`netguard operators add`): may capture live on its interfaces. */
    deploymentOperator: boolean('deployment_operator').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: tstz('updated_at').notNull().defaultNow(),
  },
  (t) => [check('users_email_lowercase', sql`${t.email} = lower(${t.email})`)],
);

export const refreshTokens = pgTable(
  'refresh_tokens',
  {
    id: id(),
    userId: userRef(),
    familyId: uuid('family_id').notNull(),
    tokenHash: text('token_hash').notNull().unique(),
    expiresAt: tstz('expires_at').notNull(),
    revokedAt: tstz('revoked_at'),
    replacedById: uuid('replaced_by_id'),
    userAgent: text('user_agent'),
    ip: text('ip'),
    createdAt: createdAt(),
  },
  (t) => [
    index('refresh_tokens_family_idx').on(t.familyId),
    index('refresh_tokens_user_idx').on(t.userId),
  ],
);

export const emailTokens = pgTable(
  'email_tokens',
  {
    id: id(),
    userId: userRef(),
    kind: emailTokenKindEnum('kind').notNull(),
    tokenHash: text('token_hash').notNull().unique(),
    expiresAt: tstz('expires_at').notNull(),
    usedAt: tstz('used_at'),
    createdAt: createdAt(),
  },
  (t) => [index('email_tokens_user_idx').on(t.userId)],
);

export const mailOutbox = pgTable('mail_outbox', {
  id: id(),
  to: text('to').notNull(),
  subject: text('subject').notNull(),
  text: text('text').notNull(),
  link: text('link'),
  createdAt: createdAt(),
  sentAt: tstz('sent_at'),
});

export const organizations = pgTable(
  'organizations',
  {
    id: id(),
    name: text('name').notNull(),
    ownerId: uuid('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    personal: boolean('personal').notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [index('organizations_owner_idx').on(t.ownerId)],
);

export const userRoles = pgTable(
  'user_roles',
  {
    id: id(),
    userId: userRef(),
    organizationId: orgRef(),
    role: roleEnum('role').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('user_roles_user_org_uq').on(t.userId, t.organizationId),
    index('user_roles_org_idx').on(t.organizationId),
  ],
);

export const profiles = pgTable('profiles', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  organizationId: orgRef(),
  username: text('username'),
  companyName: text('company_name'),
  subscriptionTier: text('subscription_tier').notNull().default('Free'),
  updatedAt: tstz('updated_at').notNull().defaultNow(),
});

export const subscriptions = pgTable(
  'subscriptions',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .unique()
      .references(() => users.id, { onDelete: 'cascade' }),
    organizationId: orgRef(),
    subscribed: boolean('subscribed').notNull().default(false),
    productId: text('product_id'),
    subscriptionEnd: tstz('subscription_end'),
    /** 'local' or 'stripe': who last set this row. */
    provider: text('provider'),
    stripeCustomerId: text('stripe_customer_id'),
    stripeSubscriptionId: text('stripe_subscription_id'),
    updatedAt: tstz('updated_at').notNull().defaultNow(),
  },
  (t) => [
    index('subscriptions_org_idx').on(t.organizationId),
    index('subscriptions_stripe_customer_idx').on(t.stripeCustomerId),
  ],
);

/**
 * The one-time link that makes the first deployment operator: printed at start while the
 * deployment has none, its token kept here hashed (one row at most); used once.
 */
export const operatorSetup = pgTable(
  'operator_setup',
  {
    id: smallint('id').primaryKey().default(1),
    tokenHash: text('token_hash').notNull(),
    createdAt: createdAt(),
  },
  () => [check('operator_setup_single_row', sql`id = 1`)],
);

/**
 * Password checks counted before they are made, so that racing guesses cannot outrun the count:
 * one row per (e-mail, address) for the per-address lockout and one per e-mail (address '*') for
 * the account-wide slowdown. Keyed by the e-mail as typed (lower-cased), so that an address
 * nobody registered is throttled exactly like a registered one.
 */
export const passwordAttempts = pgTable(
  'password_attempts',
  {
    email: text('email').notNull(),
    address: text('address').notNull(),
    failures: integer('failures').notNull().default(0),
    windowStartedAt: tstz('window_started_at').notNull().defaultNow(),
    waitUntil: tstz('wait_until'),
    updatedAt: tstz('updated_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.email, t.address] }),
    index('password_attempts_updated_idx').on(t.updatedAt),
  ],
);
