import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgEnum, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { organizations, orgRef, userRef, users } from './accounts.ts';
import { createdAt, id, tstz } from './columns.ts';

export const AUTO_SCAN_FREQUENCIES = ['never', 'daily', 'weekly', 'monthly'] as const;
export const autoScanFrequencyEnum = pgEnum('auto_scan_frequency', AUTO_SCAN_FREQUENCIES);

/**
 * API configuration of an organization, enforced by the scan service. A null limit follows the
 * server default (MAX_CONCURRENT_SCANS, SCAN_TIMEOUT_SECONDS) until the organization saves one.
 */
export const organizationSettings = pgTable(
  'organization_settings',
  {
    organizationId: uuid('organization_id')
      .primaryKey()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    autoScanFrequency: autoScanFrequencyEnum('auto_scan_frequency').notNull().default('weekly'),
    maxConcurrentScans: integer('max_concurrent_scans'),
    scanTimeoutSeconds: integer('scan_timeout_seconds'),
    /** When the scheduler re-runs the organization's last targets next (null: never). */
    nextAutoScanAt: tstz('next_auto_scan_at'),
    updatedAt: tstz('updated_at').notNull().defaultNow(),
  },
  (t) => [
    check('org_settings_concurrency_range', sql`${t.maxConcurrentScans} between 1 and 10`),
    check('org_settings_timeout_range', sql`${t.scanTimeoutSeconds} between 300 and 7200`),
    index('org_settings_next_auto_scan_idx').on(t.nextAutoScanAt),
  ],
);

/** A user's notification switches (spec defaults: on, on, on, off). */
export const notificationPreferences = pgTable('notification_preferences', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  organizationId: orgRef(),
  emailNotifications: boolean('email_notifications').notNull().default(true),
  scanNotifications: boolean('scan_notifications').notNull().default(true),
  vulnerabilityAlerts: boolean('vulnerability_alerts').notNull().default(true),
  reportNotifications: boolean('report_notifications').notNull().default(false),
  lastWeeklyReportAt: tstz('last_weekly_report_at'),
  updatedAt: tstz('updated_at').notNull().defaultNow(),
});

/** REST API keys: only a hash is kept; the prefix identifies the key in lists. */
export const apiKeys = pgTable(
  'api_keys',
  {
    id: id(),
    userId: userRef(),
    organizationId: orgRef(),
    name: text('name').notNull(),
    prefix: text('prefix').notNull(),
    keyHash: text('key_hash').notNull().unique(),
    createdAt: createdAt(),
    lastUsedAt: tstz('last_used_at'),
    revokedAt: tstz('revoked_at'),
  },
  (t) => [index('api_keys_user_idx').on(t.userId)],
);
