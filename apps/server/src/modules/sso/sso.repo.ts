import { and, eq, gt, isNull, lt } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import {
  organizations,
  ssoConfigs,
  ssoDomains,
  ssoLogins,
  ssoSessions,
  userRoles,
} from '../../db/schema.ts';
import { isUniqueViolation } from '../../lib/errors.ts';

export type SsoConfigRow = typeof ssoConfigs.$inferSelect;
export type NewSsoConfig = typeof ssoConfigs.$inferInsert;
export type SsoLoginRow = typeof ssoLogins.$inferSelect;

export async function findConfig(db: Executor, organizationId: string) {
  const [row] = await db
    .select()
    .from(ssoConfigs)
    .where(eq(ssoConfigs.organizationId, organizationId));
  return row;
}

export async function listDomains(db: Executor, organizationId: string): Promise<string[]> {
  const rows = await db
    .select({ domain: ssoDomains.domain })
    .from(ssoDomains)
    .where(eq(ssoDomains.organizationId, organizationId))
    .orderBy(ssoDomains.domain);
  return rows.map((row) => row.domain);
}

/**
 * Inserts or replaces the organization's configuration and its domains (inside `tx`); the first
 * domain another organization already holds, when one does (nothing is written then).
 */
export async function saveConfig(
  tx: Executor,
  values: NewSsoConfig,
  domains: string[],
): Promise<string | undefined> {
  const { organizationId, createdAt: _created, ...changes } = values;
  await tx
    .insert(ssoConfigs)
    .values(values)
    .onConflictDoUpdate({ target: ssoConfigs.organizationId, set: { ...changes } });
  await tx.delete(ssoDomains).where(eq(ssoDomains.organizationId, organizationId));
  for (const domain of domains) {
    try {
      await tx.transaction((inner) => inner.insert(ssoDomains).values({ domain, organizationId }));
    } catch (error) {
      if (isUniqueViolation(error)) return domain;
      throw error;
    }
  }
  return undefined;
}

export async function deleteConfig(tx: Executor, organizationId: string): Promise<boolean> {
  await tx.delete(ssoDomains).where(eq(ssoDomains.organizationId, organizationId));
  await tx.delete(ssoLogins).where(eq(ssoLogins.organizationId, organizationId));
  const gone = await tx
    .delete(ssoConfigs)
    .where(eq(ssoConfigs.organizationId, organizationId))
    .returning({ id: ssoConfigs.organizationId });
  return gone.length > 0;
}

/** The enabled configuration an e-mail domain routes to (sign-in: across organizations). */
export async function findConfigByDomain(db: Executor, domain: string) {
  const [row] = await db
    .select({ config: ssoConfigs })
    .from(ssoDomains)
    .innerJoin(ssoConfigs, eq(ssoConfigs.organizationId, ssoDomains.organizationId))
    .where(and(eq(ssoDomains.domain, domain), eq(ssoConfigs.enabled, true)));
  return row?.config;
}

export async function findOrganizationOwner(db: Executor, organizationId: string) {
  const [row] = await db
    .select({ ownerId: organizations.ownerId })
    .from(organizations)
    .where(eq(organizations.id, organizationId));
  return row?.ownerId;
}

export async function findRole(db: Executor, userId: string, organizationId: string) {
  const [row] = await db
    .select({ role: userRoles.role })
    .from(userRoles)
    .where(and(eq(userRoles.userId, userId), eq(userRoles.organizationId, organizationId)));
  return row?.role;
}

export async function setRole(
  db: Executor,
  values: { userId: string; organizationId: string; role: SsoConfigRow['defaultRole'] },
) {
  await db
    .insert(userRoles)
    .values(values)
    .onConflictDoUpdate({
      target: [userRoles.userId, userRoles.organizationId],
      set: { role: values.role },
    });
}

/** Enabled configurations requiring SSO in organizations `userId` belongs to (sign-in). */
export async function findRequiredSso(db: Executor, userId: string) {
  return db
    .select({
      organizationId: ssoConfigs.organizationId,
      breakGlassUserId: ssoConfigs.breakGlassUserId,
    })
    .from(userRoles)
    .innerJoin(ssoConfigs, eq(ssoConfigs.organizationId, userRoles.organizationId))
    .where(
      and(
        eq(userRoles.userId, userId),
        eq(ssoConfigs.requireSso, true),
        eq(ssoConfigs.enabled, true),
      ),
    );
}

/** Started sign-ins are kept a day past their expiry (to tell "expired" from "unknown"). */
const LOGIN_RETENTION_MS = 24 * 60 * 60 * 1000;

export async function insertLogin(db: Executor, values: typeof ssoLogins.$inferInsert) {
  await db
    .delete(ssoLogins)
    .where(
      and(
        eq(ssoLogins.organizationId, values.organizationId),
        lt(ssoLogins.expiresAt, new Date(Date.now() - LOGIN_RETENTION_MS)),
      ),
    );
  await db.insert(ssoLogins).values(values);
}

export async function findLogin(db: Executor, id: string) {
  const [row] = await db.select().from(ssoLogins).where(eq(ssoLogins.id, id));
  return row;
}

/** Marks a started sign-in used; false when it was used already (a replay) or has expired. */
export async function consumeLogin(db: Executor, id: string): Promise<boolean> {
  const rows = await db
    .update(ssoLogins)
    .set({ usedAt: new Date() })
    .where(and(eq(ssoLogins.id, id), isNull(ssoLogins.usedAt), gt(ssoLogins.expiresAt, new Date())))
    .returning({ id: ssoLogins.id });
  return rows.length > 0;
}

/** Pins a session (refresh family) opened by SSO to its organization. */
export async function pinSession(
  db: Executor,
  values: { familyId: string; userId: string; organizationId: string },
) {
  await db.insert(ssoSessions).values(values).onConflictDoNothing();
}

/** The organization an SSO session is pinned to, if it is one. */
export async function findSessionPin(db: Executor, familyId: string) {
  const [row] = await db
    .select({ organizationId: ssoSessions.organizationId })
    .from(ssoSessions)
    .where(eq(ssoSessions.familyId, familyId));
  return row?.organizationId;
}
