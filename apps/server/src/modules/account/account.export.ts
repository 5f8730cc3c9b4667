import { asc, eq, inArray } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import {
  apiKeys,
  auditLogs,
  notificationPreferences,
  organizationSettings,
  organizations,
  profiles,
  reports,
  scanHosts,
  scanServices,
  scans,
  securityEvents,
  subscriptions,
  threatMitigationActions,
  userMfaSettings,
  users,
  vulnerabilities,
  vulnerabilitySightings,
} from '../../db/schema.ts';

export const EXPORT_FORMAT_VERSION = 1;

/** inArray needs at least one value: the nil UUID matches nothing. */
const anyOf = (ids: string[]) => (ids.length ? ids : ['00000000-0000-0000-0000-000000000000']);

/**
 * Everything the account owns, as one JSON document: the user, its organizations and, for the
 * organizations it owns, their scans with hosts and services, vulnerabilities with actions and
 * sightings, reports, settings and audit trail. Secrets (password, key and MFA hashes) are left out.
 */
export async function collectAccountData(db: Executor, userId: string) {
  const [user] = await db
    .select({ id: users.id, email: users.email, createdAt: users.createdAt })
    .from(users)
    .where(eq(users.id, userId));
  const owned = await db
    .select()
    .from(organizations)
    .where(eq(organizations.ownerId, userId))
    .orderBy(asc(organizations.createdAt));
  const orgIds = owned.map((o) => o.id);
  const orgs = anyOf(orgIds);
  const scanRows = await db
    .select()
    .from(scans)
    .where(inArray(scans.organizationId, orgs))
    .orderBy(asc(scans.createdAt));
  const scanIds = anyOf(scanRows.map((s) => s.id));
  const [
    profile,
    subscription,
    notifications,
    mfa,
    keys,
    settings,
    hosts,
    services,
    vulns,
    actions,
    sightings,
    reportRows,
    audit,
    events,
  ] = await Promise.all([
    db.select().from(profiles).where(eq(profiles.userId, userId)),
    db.select().from(subscriptions).where(eq(subscriptions.userId, userId)),
    db.select().from(notificationPreferences).where(eq(notificationPreferences.userId, userId)),
    db
      .select({ enabled: userMfaSettings.mfaEnabled, method: userMfaSettings.mfaMethod })
      .from(userMfaSettings)
      .where(eq(userMfaSettings.userId, userId)),
    db
      .select({
        id: apiKeys.id,
        name: apiKeys.name,
        prefix: apiKeys.prefix,
        createdAt: apiKeys.createdAt,
        lastUsedAt: apiKeys.lastUsedAt,
        revokedAt: apiKeys.revokedAt,
      })
      .from(apiKeys)
      .where(eq(apiKeys.userId, userId)),
    db
      .select()
      .from(organizationSettings)
      .where(inArray(organizationSettings.organizationId, orgs)),
    db.select().from(scanHosts).where(inArray(scanHosts.scanId, scanIds)),
    db.select().from(scanServices).where(inArray(scanServices.scanId, scanIds)),
    db.select().from(vulnerabilities).where(inArray(vulnerabilities.organizationId, orgs)),
    db
      .select()
      .from(threatMitigationActions)
      .where(inArray(threatMitigationActions.organizationId, orgs)),
    db
      .select()
      .from(vulnerabilitySightings)
      .where(inArray(vulnerabilitySightings.organizationId, orgs)),
    db.select().from(reports).where(inArray(reports.organizationId, orgs)),
    db
      .select()
      .from(auditLogs)
      .where(eq(auditLogs.userId, userId))
      .orderBy(asc(auditLogs.createdAt)),
    db
      .select()
      .from(securityEvents)
      .where(eq(securityEvents.userId, userId))
      .orderBy(asc(securityEvents.createdAt)),
  ]);
  return {
    format: 'netguard-account-export',
    version: EXPORT_FORMAT_VERSION,
    exported_at: new Date().toISOString(),
    user,
    profile: profile[0] ?? null,
    subscription: subscription[0] ?? null,
    notification_preferences: notifications[0] ?? null,
    mfa: mfa[0] ?? { enabled: false, method: null },
    api_keys: keys,
    organizations: owned,
    organization_settings: settings,
    scans: scanRows,
    scan_hosts: hosts,
    scan_services: services,
    vulnerabilities: vulns,
    threat_mitigation_actions: actions,
    vulnerability_sightings: sightings,
    reports: reportRows,
    audit_logs: audit,
    security_events: events,
  };
}
