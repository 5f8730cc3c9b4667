import { index, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { orgRef, roleEnum, users } from './accounts.ts';
import { createdAt, id, tstz } from './columns.ts';

/**
 * An admin's invitation of an e-mail address into an organization with a role: a signed,
 * single-use, expiring link (only its hash is kept). At most one pending per address.
 */
export const organizationInvitations = pgTable(
  'organization_invitations',
  {
    id: id(),
    organizationId: orgRef(),
    email: text('email').notNull(),
    role: roleEnum('role').notNull(),
    tokenHash: text('token_hash').notNull().unique(),
    invitedBy: uuid('invited_by').references(() => users.id, { onDelete: 'set null' }),
    expiresAt: tstz('expires_at').notNull(),
    acceptedAt: tstz('accepted_at'),
    acceptedBy: uuid('accepted_by').references(() => users.id, { onDelete: 'set null' }),
    revokedAt: tstz('revoked_at'),
    createdAt: createdAt(),
  },
  (t) => [index('organization_invitations_org_idx').on(t.organizationId)],
);

/** The organization a session (refresh token family) works in; the personal one when absent. */
export const sessionOrganizations = pgTable('session_organizations', {
  familyId: uuid('family_id').primaryKey(),
  userId: uuid('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  organizationId: orgRef(),
  updatedAt: tstz('updated_at').notNull().defaultNow(),
});
