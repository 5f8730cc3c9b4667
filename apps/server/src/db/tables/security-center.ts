import type { TAssessmentIssue } from '@netguard/contracts';
import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { organizations, roleEnum, userRef, users } from './accounts.ts';
import { createdAt, id, tstz } from './columns.ts';

/** The organization's security policies (one row; absent: the defaults), enforced by the server. */
export const securityPolicies = pgTable('security_policies', {
  organizationId: uuid('organization_id')
    .primaryKey()
    .references(() => organizations.id, { onDelete: 'cascade' }),
  passwordMinLength: integer('password_min_length').notNull().default(8),
  passwordHistory: integer('password_history').notNull().default(0),
  /** How many character classes (upper, lower, digit, symbol) a new password needs; 4: all. */
  passwordClasses: integer('password_classes').notNull().default(4),
  sessionIdleMinutes: integer('session_idle_minutes'),
  sessionAbsoluteHours: integer('session_absolute_hours'),
  mfaRequiredRoles: roleEnum('mfa_required_roles').array().notNull().default(sql`'{}'::app_role[]`),
  apiKeysAllowed: boolean('api_keys_allowed').notNull().default(true),
  updatedBy: uuid('updated_by').references(() => users.id, { onDelete: 'set null' }),
  updatedAt: tstz('updated_at').notNull().defaultNow(),
});

/** Argon2 hashes of a user's former passwords, for the password policy's reuse rule. */
export const passwordHistory = pgTable(
  'password_history',
  {
    id: id(),
    userId: userRef(),
    passwordHash: text('password_hash').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('password_history_user_idx').on(t.userId, t.createdAt)],
);

/** The last security assessment of each organization (Run Security Scan). */
export const securityAssessments = pgTable('security_assessments', {
  organizationId: uuid('organization_id')
    .primaryKey()
    .references(() => organizations.id, { onDelete: 'cascade' }),
  id: uuid('id').notNull().defaultRandom(),
  ranBy: uuid('ran_by').references(() => users.id, { onDelete: 'set null' }),
  ranAt: tstz('ran_at').notNull().defaultNow(),
  riskLevel: text('risk_level').notNull(),
  issues: jsonb('issues').$type<TAssessmentIssue[]>().notNull(),
});
