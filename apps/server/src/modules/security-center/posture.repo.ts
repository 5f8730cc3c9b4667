import { and, asc, desc, eq, inArray, isNull, lt, max, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import {
  apiKeys,
  scanServices,
  scans,
  userMfaSettings,
  userRoles,
  users,
  vulnerabilities,
} from '../../db/schema.ts';

/** How many of the newest completed scans the exposed-service check reads. */
const LAST_SCANS = 10;

/** Members of the organization with their role and whether MFA is on. */
export function listMembersMfa(db: Executor, organizationId: string) {
  return db
    .select({
      userId: users.id,
      email: users.email,
      role: userRoles.role,
      mfa: sql<boolean>`coalesce(${userMfaSettings.mfaEnabled}, false)`,
    })
    .from(userRoles)
    .innerJoin(users, eq(users.id, userRoles.userId))
    .leftJoin(userMfaSettings, eq(userMfaSettings.userId, userRoles.userId))
    .where(eq(userRoles.organizationId, organizationId))
    .orderBy(asc(users.email));
}

export async function lastCompletedScanAt(db: Executor, organizationId: string) {
  const [row] = await db
    .select({ at: max(scans.completedAt) })
    .from(scans)
    .where(and(eq(scans.organizationId, organizationId), eq(scans.status, 'completed')));
  return row?.at ? new Date(row.at) : null;
}

/** Open vulnerabilities of these severities whose due date has passed, most overdue first. */
export function overdueVulnerabilities(
  db: Executor,
  organizationId: string,
  severities: ('critical' | 'high')[],
  now: Date,
) {
  return db
    .select({
      id: vulnerabilities.id,
      title: vulnerabilities.title,
      host: vulnerabilities.host,
      port: vulnerabilities.port,
      severity: vulnerabilities.severity,
      dueAt: vulnerabilities.dueAt,
    })
    .from(vulnerabilities)
    .where(
      and(
        eq(vulnerabilities.organizationId, organizationId),
        eq(vulnerabilities.state, 'open'),
        inArray(vulnerabilities.severity, severities),
        lt(vulnerabilities.dueAt, now),
      ),
    )
    .orderBy(asc(vulnerabilities.dueAt));
}

/** Open ports of the newest completed scans, the newest sighting of each host and port. */
export async function openServicesOfLastScans(db: Executor, organizationId: string) {
  const recent = await db
    .select({ id: scans.id })
    .from(scans)
    .where(and(eq(scans.organizationId, organizationId), eq(scans.status, 'completed')))
    .orderBy(desc(scans.completedAt))
    .limit(LAST_SCANS);
  if (recent.length === 0) return [];
  return db
    .selectDistinctOn([scanServices.host, scanServices.port, scanServices.protocol], {
      scanId: scanServices.scanId,
      host: scanServices.host,
      port: scanServices.port,
      protocol: scanServices.protocol,
      service: scanServices.service,
      product: scanServices.product,
      banner: scanServices.banner,
    })
    .from(scanServices)
    .innerJoin(scans, eq(scans.id, scanServices.scanId))
    .where(
      and(
        inArray(
          scanServices.scanId,
          recent.map((r) => r.id),
        ),
        eq(scanServices.state, 'open'),
      ),
    )
    .orderBy(scanServices.host, scanServices.port, scanServices.protocol, desc(scans.completedAt));
}

/** Live API keys of the organization not used (or, never used, not created) since `before`. */
export function unusedApiKeys(db: Executor, organizationId: string, before: Date) {
  return db
    .select({ id: apiKeys.id, name: apiKeys.name, prefix: apiKeys.prefix, email: users.email })
    .from(apiKeys)
    .innerJoin(users, eq(users.id, apiKeys.userId))
    .where(
      and(
        eq(apiKeys.organizationId, organizationId),
        isNull(apiKeys.revokedAt),
        lt(sql`coalesce(${apiKeys.lastUsedAt}, ${apiKeys.createdAt})`, before),
      ),
    );
}
