import { boolean, index, integer, pgEnum, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { orgRef, userRef, users } from './accounts.ts';
import { createdAt, id, tstz } from './columns.ts';

export const MFA_METHODS = ['totp', 'sms', 'email'] as const;
export const mfaMethodEnum = pgEnum('mfa_method', MFA_METHODS);

/**
 * A user's MFA state. Secrets are stored encrypted with the server key; a setup in progress
 * (pending_*) becomes the active method when its first code verifies.
 */
export const userMfaSettings = pgTable('user_mfa_settings', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  organizationId: orgRef(),
  mfaEnabled: boolean('mfa_enabled').notNull().default(false),
  mfaMethod: mfaMethodEnum('mfa_method'),
  secretEnc: text('secret_enc'),
  phone: text('phone'),
  pendingMethod: mfaMethodEnum('pending_method'),
  pendingSecretEnc: text('pending_secret_enc'),
  pendingPhone: text('pending_phone'),
  pendingExpiresAt: tstz('pending_expires_at'),
  updatedAt: tstz('updated_at').notNull().defaultNow(),
});

/** Single-use backup codes, hashed. */
export const mfaBackupCodes = pgTable(
  'mfa_backup_codes',
  {
    id: id(),
    userId: userRef(),
    codeHash: text('code_hash').notNull(),
    usedAt: tstz('used_at'),
    createdAt: createdAt(),
  },
  (t) => [index('mfa_backup_codes_user_idx').on(t.userId)],
);

/**
 * One-time codes sent by email or SMS (setup or sign-in), and the sign-in second step: a
 * challenge issued after a correct password, redeemed once for a session.
 */
export const mfaChallenges = pgTable(
  'mfa_challenges',
  {
    id: id(),
    userId: userRef(),
    purpose: text('purpose').notNull(),
    method: mfaMethodEnum('method'),
    /** Hash of the bearer token of a sign-in challenge, or of a sent code. */
    tokenHash: text('token_hash').notNull(),
    codeHash: text('code_hash'),
    attempts: integer('attempts').notNull().default(0),
    expiresAt: tstz('expires_at').notNull(),
    consumedAt: tstz('consumed_at'),
    createdAt: createdAt(),
  },
  (t) => [index('mfa_challenges_user_idx').on(t.userId)],
);
