import { eq } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { notificationPreferences, organizationSettings } from '../../db/schema.ts';

export type OrgSettingsRow = typeof organizationSettings.$inferSelect;
export type NotificationRow = typeof notificationPreferences.$inferSelect;

export async function findOrgSettings(db: Executor, organizationId: string) {
  const [row] = await db
    .select()
    .from(organizationSettings)
    .where(eq(organizationSettings.organizationId, organizationId));
  return row;
}

export async function upsertOrgSettings(
  db: Executor,
  organizationId: string,
  values: Omit<typeof organizationSettings.$inferInsert, 'organizationId'>,
) {
  const set = { ...values, updatedAt: new Date() };
  const [row] = await db
    .insert(organizationSettings)
    .values({ organizationId, ...set })
    .onConflictDoUpdate({ target: organizationSettings.organizationId, set })
    .returning();
  if (!row) throw new Error('settings upsert returned nothing');
  return row;
}

export async function findNotifications(db: Executor, userId: string) {
  const [row] = await db
    .select()
    .from(notificationPreferences)
    .where(eq(notificationPreferences.userId, userId));
  return row;
}

export async function upsertNotifications(
  db: Executor,
  owner: { userId: string; organizationId: string },
  values: Pick<
    NotificationRow,
    'emailNotifications' | 'scanNotifications' | 'vulnerabilityAlerts' | 'reportNotifications'
  >,
) {
  const set = { ...values, updatedAt: new Date() };
  const [row] = await db
    .insert(notificationPreferences)
    .values({ ...owner, ...set })
    .onConflictDoUpdate({ target: notificationPreferences.userId, set })
    .returning();
  if (!row) throw new Error('notification upsert returned nothing');
  return row;
}
