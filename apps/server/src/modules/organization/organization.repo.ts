import type { TRole } from '@netguard/contracts';
import { and, asc, eq, gt, isNull, ne, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import {
  organizationInvitations,
  organizations,
  profiles,
  refreshTokens,
  userMfaSettings,
  userRoles,
  users,
} from '../../db/schema.ts';

// A session's first refresh token (no token was replaced by it) marks a sign-in.
const lastSignIn = sql<Date | null>`(
  select max(rt.created_at) from ${refreshTokens} rt
  where rt.user_id = ${users.id}
    and not exists (select 1 from ${refreshTokens} p where p.replaced_by_id = rt.id))`;

/** The organization's members with role, last sign-in and MFA state, admins first. */
export function listMembers(db: Executor, organizationId: string) {
  return db
    .select({
      userId: users.id,
      email: users.email,
      username: profiles.username,
      role: userRoles.role,
      joinedAt: userRoles.createdAt,
      lastSignIn,
      mfaEnabled: sql<boolean>`coalesce(${userMfaSettings.mfaEnabled}, false)`,
    })
    .from(userRoles)
    .innerJoin(users, eq(users.id, userRoles.userId))
    .leftJoin(profiles, eq(profiles.userId, users.id))
    .leftJoin(userMfaSettings, eq(userMfaSettings.userId, users.id))
    .where(eq(userRoles.organizationId, organizationId))
    .orderBy(sql`${userRoles.role} <> 'admin'`, asc(users.email));
}

/** Invitations not yet accepted or revoked (expired ones included, marked by the caller). */
export function listPendingInvitations(db: Executor, organizationId: string) {
  const inviter = sql<
    string | null
  >`(select email from ${users} where ${users.id} = ${organizationInvitations.invitedBy})`;
  return db
    .select({
      id: organizationInvitations.id,
      email: organizationInvitations.email,
      role: organizationInvitations.role,
      invitedBy: inviter,
      createdAt: organizationInvitations.createdAt,
      expiresAt: organizationInvitations.expiresAt,
    })
    .from(organizationInvitations)
    .where(
      and(
        eq(organizationInvitations.organizationId, organizationId),
        isNull(organizationInvitations.acceptedAt),
        isNull(organizationInvitations.revokedAt),
      ),
    )
    .orderBy(asc(organizationInvitations.createdAt));
}

export async function findMembership(db: Executor, organizationId: string, userId: string) {
  const [row] = await db
    .select({ role: userRoles.role })
    .from(userRoles)
    .where(and(eq(userRoles.organizationId, organizationId), eq(userRoles.userId, userId)));
  return row;
}

/** Whether `email` already belongs to the organization. */
export async function isMemberByEmail(db: Executor, organizationId: string, email: string) {
  const [row] = await db
    .select({ id: users.id })
    .from(userRoles)
    .innerJoin(users, eq(users.id, userRoles.userId))
    .where(and(eq(userRoles.organizationId, organizationId), eq(users.email, email)));
  return row !== undefined;
}

/** A pending, unexpired invitation of `email` into the organization. */
export async function findLiveInvitationFor(db: Executor, organizationId: string, email: string) {
  const [row] = await db
    .select({ id: organizationInvitations.id })
    .from(organizationInvitations)
    .where(
      and(
        eq(organizationInvitations.organizationId, organizationId),
        eq(organizationInvitations.email, email),
        isNull(organizationInvitations.acceptedAt),
        isNull(organizationInvitations.revokedAt),
        gt(organizationInvitations.expiresAt, sql`now()`),
      ),
    );
  return row;
}

export async function organizationName(db: Executor, organizationId: string) {
  const [row] = await db
    .select({ name: organizations.name })
    .from(organizations)
    .where(eq(organizations.id, organizationId));
  return row?.name ?? 'an organization';
}

/**
 * Locks the organization's memberships for a role change or removal, and counts its admins
 * other than `userId`: the caller refuses to leave the organization without one.
 */
export async function lockOtherAdmins(tx: Executor, organizationId: string, userId: string) {
  const rows = await tx
    .select({ userId: userRoles.userId })
    .from(userRoles)
    .where(
      and(
        eq(userRoles.organizationId, organizationId),
        eq(userRoles.role, 'admin'),
        ne(userRoles.userId, userId),
      ),
    )
    .for('update');
  return rows.map((r) => r.userId);
}

export async function setRole(tx: Executor, organizationId: string, userId: string, role: TRole) {
  await tx
    .update(userRoles)
    .set({ role })
    .where(and(eq(userRoles.organizationId, organizationId), eq(userRoles.userId, userId)));
}

/** The organizations the user belongs to, with the user's role there. */
export function listMemberships(db: Executor, userId: string) {
  return db
    .select({
      id: organizations.id,
      name: organizations.name,
      personal: organizations.personal,
      role: userRoles.role,
    })
    .from(userRoles)
    .innerJoin(organizations, eq(organizations.id, userRoles.organizationId))
    .where(eq(userRoles.userId, userId))
    .orderBy(sql`${organizations.personal} desc`, asc(organizations.name));
}

export async function findUser(db: Executor, userId: string) {
  const [row] = await db
    .select({ id: users.id, email: users.email })
    .from(users)
    .where(eq(users.id, userId));
  return row;
}

/** Organizations with other members where `userId` is the only admin: its account must stay. */
export async function soleAdminOrganizations(db: Executor, userId: string) {
  const result = await db.execute(sql`
    select o.name from ${organizations} o
    join ${userRoles} me on me.organization_id = o.id and me.user_id = ${userId} and me.role = 'admin'
    where exists (select 1 from ${userRoles} m where m.organization_id = o.id and m.user_id <> ${userId})
      and not exists (select 1 from ${userRoles} a
        where a.organization_id = o.id and a.user_id <> ${userId} and a.role = 'admin')
    order by o.name`);
  return (result.rows as { name: string }[]).map((r) => r.name);
}

/** Gives the organizations `userId` owns and shares with another admin to the longest-serving one. */
export async function handOverOwnedOrganizations(tx: Executor, userId: string) {
  const otherAdmin = sql`(select a.user_id from ${userRoles} a
    where a.organization_id = ${organizations.id} and a.user_id <> ${userId} and a.role = 'admin'
    order by a.created_at limit 1)`;
  await tx
    .update(organizations)
    .set({ ownerId: sql`${otherAdmin}`, personal: false })
    .where(and(eq(organizations.ownerId, userId), sql`${otherAdmin} is not null`));
}
