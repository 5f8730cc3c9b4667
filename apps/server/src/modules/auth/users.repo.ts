import { DEFAULT_SETTINGS } from '@netguard/contracts';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import {
  organizationSettings,
  organizations,
  profiles,
  sessionOrganizations,
  subscriptions,
  userRoles,
  users,
} from '../../db/schema.ts';
import { nextAutoScan } from '../settings/auto-scan.ts';
import { clearAllFor } from './sign-in-attempts.repo.ts';
import { deleteUnusedEmailTokens } from './tokens.repo.ts';

export type UserRow = typeof users.$inferSelect;

export async function findUserByEmail(db: Executor, email: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.email, email.toLowerCase()));
  return row;
}

export async function listUsers(db: Executor) {
  return db
    .select({ email: users.email, confirmedAt: users.emailConfirmedAt, createdAt: users.createdAt })
    .from(users)
    .orderBy(asc(users.createdAt));
}

type NewAccount = { email: string; passwordHash: string; username: string };

/**
 * Creates the user, its personal organization (as admin) with the default settings, and the
 * profile and subscription rows.
 */
export async function insertAccount(tx: Executor, account: NewAccount) {
  const [user] = await tx
    .insert(users)
    .values({ email: account.email.toLowerCase(), passwordHash: account.passwordHash })
    .returning();
  if (!user) throw new Error('user insert returned nothing');
  const [org] = await tx
    .insert(organizations)
    .values({ name: `${account.username}'s organization`, ownerId: user.id, personal: true })
    .returning({ id: organizations.id });
  if (!org) throw new Error('organization insert returned nothing');
  const scope = { userId: user.id, organizationId: org.id };
  await tx.insert(userRoles).values({ ...scope, role: 'admin' });
  await tx
    .insert(profiles)
    .values({ ...scope, username: account.username, subscriptionTier: 'Free' });
  await tx.insert(subscriptions).values({ ...scope, subscribed: false });
  await tx.insert(organizationSettings).values({
    organizationId: org.id,
    nextAutoScanAt: nextAutoScan(DEFAULT_SETTINGS.api.auto_scan_frequency, new Date()),
  });
  return { user, organizationId: org.id };
}

export async function findPersonalOrganizationId(db: Executor, userId: string) {
  const [row] = await db
    .select({ id: organizations.id })
    .from(organizations)
    .where(and(eq(organizations.ownerId, userId), eq(organizations.personal, true)));
  return row?.id;
}

/** The organization a session moved to, while the user still belongs to it. */
export async function findSessionOrganizationId(db: Executor, userId: string, familyId: string) {
  const [row] = await db
    .select({ id: sessionOrganizations.organizationId })
    .from(sessionOrganizations)
    .innerJoin(
      userRoles,
      and(
        eq(userRoles.organizationId, sessionOrganizations.organizationId),
        eq(userRoles.userId, userId),
      ),
    )
    .where(
      and(eq(sessionOrganizations.familyId, familyId), eq(sessionOrganizations.userId, userId)),
    );
  return row?.id;
}

/** Records the session's organization when the user belongs to it; false otherwise. */
export async function setSessionOrganization(
  db: Executor,
  session: { userId: string; sessionId: string },
  organizationId: string,
): Promise<boolean> {
  const [member] = await db
    .select({ id: userRoles.id })
    .from(userRoles)
    .where(and(eq(userRoles.userId, session.userId), eq(userRoles.organizationId, organizationId)));
  if (!member) return false;
  await db
    .insert(sessionOrganizations)
    .values({ familyId: session.sessionId, userId: session.userId, organizationId })
    .onConflictDoUpdate({
      target: sessionOrganizations.familyId,
      set: { organizationId, updatedAt: new Date() },
      where: eq(sessionOrganizations.userId, session.userId),
    });
  return true;
}

/** The fields of a session's user: account, profile username and role in the organization. */
export async function findSessionUser(db: Executor, userId: string, organizationId: string) {
  const [row] = await db
    .select({
      id: users.id,
      email: users.email,
      emailConfirmedAt: users.emailConfirmedAt,
      createdAt: users.createdAt,
      username: profiles.username,
      role: userRoles.role,
    })
    .from(users)
    .leftJoin(profiles, eq(profiles.userId, users.id))
    .leftJoin(
      userRoles,
      and(eq(userRoles.userId, users.id), eq(userRoles.organizationId, organizationId)),
    )
    .where(eq(users.id, userId));
  return row;
}

export async function markEmailConfirmed(db: Executor, userId: string) {
  await db
    .update(users)
    .set({
      emailConfirmedAt: sql`coalesce(${users.emailConfirmedAt}, now())`,
      updatedAt: new Date(),
    })
    .where(eq(users.id, userId));
}

/**
 * Sets a new password, ends every address's lockout and the account-wide slow-down, and ends every
 * reset link: one asked for before a change must not set a password after it.
 */
/** Replaces the hash of the same password (a rehash at a higher cost): sessions and links stay. */
export async function setPasswordHash(db: Executor, userId: string, passwordHash: string) {
  await db.update(users).set({ passwordHash }).where(eq(users.id, userId));
}

export async function setPassword(db: Executor, userId: string, passwordHash: string) {
  await db.update(users).set({ passwordHash, updatedAt: new Date() }).where(eq(users.id, userId));
  await clearAllFor(db, userId);
  await deleteUnusedEmailTokens(db, userId, 'reset');
}
