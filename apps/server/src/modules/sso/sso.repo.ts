import { SSO_LIMITS } from '@netguard/contracts';
import { and, eq, gt, isNull, lt, notInArray, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import {
  organizations,
  ssoConfigs,
  ssoDomains,
  ssoLogins,
  ssoSessions,
  userRoles,
} from '../../db/schema.ts';
import { randomToken } from '../../lib/crypto.ts';

export type SsoConfigRow = typeof ssoConfigs.$inferSelect;
export type SsoDomainRow = typeof ssoDomains.$inferSelect;
export type NewSsoConfig = typeof ssoConfigs.$inferInsert;
export type SsoLoginRow = typeof ssoLogins.$inferSelect;

export async function findConfig(db: Executor, organizationId: string) {
  const [row] = await db
    .select()
    .from(ssoConfigs)
    .where(eq(ssoConfigs.organizationId, organizationId));
  return row;
}

/** The organization's domain claims, verified or not. */
export async function listClaims(db: Executor, organizationId: string): Promise<SsoDomainRow[]> {
  return db
    .select()
    .from(ssoDomains)
    .where(eq(ssoDomains.organizationId, organizationId))
    .orderBy(ssoDomains.domain);
}

/** The domains the organization has proved it holds: the only ones that sign people in. */
export async function listVerifiedDomains(db: Executor, organizationId: string): Promise<string[]> {
  const rows = await db
    .select({ domain: ssoDomains.domain })
    .from(ssoDomains)
    .where(and(eq(ssoDomains.organizationId, organizationId), eq(ssoDomains.status, 'verified')));
  return rows.map((row) => row.domain);
}

export async function findClaim(db: Executor, organizationId: string, domain: string) {
  const [row] = await db
    .select()
    .from(ssoDomains)
    .where(and(eq(ssoDomains.organizationId, organizationId), eq(ssoDomains.domain, domain)));
  return row;
}

/**
 * Whether another organization holds `domain` verified. Row-level security hides its row from a
 * request: the owner's function answers that one question.
 */
export async function verifiedElsewhere(
  db: Executor,
  domain: string,
  organizationId: string,
): Promise<boolean> {
  const result = await db.execute<{ taken: boolean }>(
    sql`select netguard_sso_domain_verified_elsewhere(${domain}, ${organizationId}::uuid) as taken`,
  );
  return result.rows[0]?.taken === true;
}

/**
 * Inserts or replaces the organization's configuration and its domain claims (inside `tx`): claims
 * kept keep their token and verification, new ones start unverified with a new token. Returns the
 * first domain another organization holds verified, when one does (the caller rolls back).
 */
export async function saveConfig(
  tx: Executor,
  values: NewSsoConfig,
  domains: string[],
): Promise<{ taken?: string; added: string[]; removed: string[] }> {
  const { organizationId, createdAt: _created, ...changes } = values;
  for (const domain of domains) {
    if (await verifiedElsewhere(tx, domain, organizationId))
      return { taken: domain, added: [], removed: [] };
  }
  await tx
    .insert(ssoConfigs)
    .values(values)
    .onConflictDoUpdate({ target: ssoConfigs.organizationId, set: { ...changes } });
  const removed = await tx
    .delete(ssoDomains)
    .where(
      and(
        eq(ssoDomains.organizationId, organizationId),
        domains.length ? notInArray(ssoDomains.domain, domains) : undefined,
      ),
    )
    .returning({ domain: ssoDomains.domain });
  const added = await tx
    .insert(ssoDomains)
    .values(domains.map((domain) => ({ organizationId, domain, token: randomToken() })))
    .onConflictDoNothing()
    .returning({ domain: ssoDomains.domain });
  return { added: added.map((r) => r.domain), removed: removed.map((r) => r.domain) };
}

/** What a check of a claim found: the record (verified), a miss, or no answer (kept as it was). */
export type ClaimCheck =
  | { outcome: 'found' }
  | { outcome: 'miss' | 'lookup_failed'; error: string };

/**
 * Records a check of a claim. Found: verified (since its first proof), misses reset. A miss (the
 * record missing or changed) counts; SSO_LIMITS.recheckMisses in a row make a verified claim
 * unverified. A failed lookup is only noted. The claim after, and whether it lost verification.
 * Verifying raises a unique violation when another organization verified the domain meanwhile.
 */
export async function recordCheck(
  db: Executor,
  claim: Pick<SsoDomainRow, 'organizationId' | 'domain'>,
  check: ClaimCheck,
  now = new Date(),
): Promise<{ row: SsoDomainRow | undefined; unverified: boolean }> {
  const current = await findClaim(db, claim.organizationId, claim.domain);
  if (!current) return { row: undefined, unverified: false };
  const where = and(
    eq(ssoDomains.organizationId, claim.organizationId),
    eq(ssoDomains.domain, claim.domain),
  );
  if (check.outcome === 'found') {
    const [row] = await db
      .update(ssoDomains)
      .set({
        status: 'verified',
        verifiedAt: current.verifiedAt ?? now,
        lastCheckedAt: now,
        lastError: null,
        misses: 0,
      })
      .where(where)
      .returning();
    return { row, unverified: false };
  }
  const misses = current.misses + (check.outcome === 'miss' ? 1 : 0);
  const unverified = current.status === 'verified' && misses >= SSO_LIMITS.recheckMisses;
  const [row] = await db
    .update(ssoDomains)
    .set({
      lastCheckedAt: now,
      lastError: check.error,
      misses,
      ...(unverified ? { status: 'unverified' as const, verifiedAt: null } : {}),
    })
    .where(where)
    .returning();
  return { row, unverified };
}

/**
 * Claims up to `limit` verified domains whose last check is older than `olderThan` (across
 * organizations: the periodic re-check), marking them checked now so that no other worker takes
 * them this round.
 */
export async function claimDueChecks(
  db: Executor,
  olderThan: Date,
  limit: number,
  now = new Date(),
): Promise<Pick<SsoDomainRow, 'organizationId' | 'domain' | 'token'>[]> {
  const result = await db.execute<{ organization_id: string; domain: string; token: string }>(sql`
    update sso_domains set last_checked_at = ${now.toISOString()}::timestamptz
     where (organization_id, domain) in (
       select organization_id, domain from sso_domains
        where status = 'verified'
          and (last_checked_at is null or last_checked_at <= ${olderThan.toISOString()}::timestamptz)
        order by last_checked_at nulls first
        limit ${limit}
        for update skip locked)
    returning organization_id, domain, token`);
  return result.rows.map((r) => ({
    organizationId: r.organization_id,
    domain: r.domain,
    token: r.token,
  }));
}

/**
 * A deployment operator's release: the verified claim of `domain` is dropped (across
 * organizations), so that another organization may verify it. The organization that held it.
 */
export async function releaseVerifiedDomain(db: Executor, domain: string) {
  const [row] = await db
    .delete(ssoDomains)
    .where(and(eq(ssoDomains.domain, domain), eq(ssoDomains.status, 'verified')))
    .returning({ organizationId: ssoDomains.organizationId });
  if (!row) return undefined;
  const [organization] = await db
    .select({ id: organizations.id, name: organizations.name })
    .from(organizations)
    .where(eq(organizations.id, row.organizationId));
  return organization;
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

/**
 * The enabled configuration an e-mail domain routes to (sign-in: across organizations): only a
 * verified claim routes; an unverified one is as if nobody had claimed the domain.
 */
export async function findConfigByDomain(db: Executor, domain: string) {
  const [row] = await db
    .select({ config: ssoConfigs })
    .from(ssoDomains)
    .innerJoin(ssoConfigs, eq(ssoConfigs.organizationId, ssoDomains.organizationId))
    .where(
      and(
        eq(ssoDomains.domain, domain),
        eq(ssoDomains.status, 'verified'),
        eq(ssoConfigs.enabled, true),
      ),
    );
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
