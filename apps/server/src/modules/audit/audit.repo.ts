import { randomUUID } from 'node:crypto';
import type { TEventSeverity, TSecurityEventType } from '@netguard/contracts';
import { asc, eq } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { auditLogs, userRoles } from '../../db/schema.ts';
import { appendSecurityEvents } from './security-events.ts';

/** Who made a request: recorded with audit rows and security events. */
export type RequestMeta = { ip: string; userAgent: string | null };

export type AuditEntry = {
  userId: string | null;
  organizationId: string | null;
  action: string;
  resourceType: string;
  resourceId?: string | null;
  details?: Record<string, unknown>;
};

export async function insertAuditLog(db: Executor, entry: AuditEntry, meta: RequestMeta) {
  await db.insert(auditLogs).values({ ...entry, ipAddress: meta.ip });
}

export type SecurityEventEntry = {
  userId: string | null;
  organizationId: string | null;
  eventType: TSecurityEventType;
  severity: TEventSeverity;
  description: string;
  metadata?: Record<string, unknown>;
};

/** Appends one event to its organization's chain (see appendSecurityEvents). */
export async function insertSecurityEvent(
  db: Executor,
  entry: SecurityEventEntry,
  meta: RequestMeta,
) {
  await appendSecurityEvents(db, [
    { ...entry, ipAddress: meta.ip, userAgent: meta.userAgent?.slice(0, 512) ?? null },
  ]);
}

/**
 * Appends an event about a user's account (sign-in attempts, stolen sessions) to every
 * organization the user is a member of: each one's admins, alerts and anomaly rules must see
 * it, not only the personal organization (no user or no membership: one event without one). The
 * copies share `metadata.occurrence`, so what counts occurrences (the lockout) counts them once.
 */
export async function insertAccountSecurityEvent(
  db: Executor,
  entry: Omit<SecurityEventEntry, 'organizationId'>,
  meta: RequestMeta,
) {
  const memberships = entry.userId
    ? await db
        .select({ organizationId: userRoles.organizationId })
        .from(userRoles)
        .where(eq(userRoles.userId, entry.userId))
        .orderBy(asc(userRoles.createdAt))
    : [];
  const organizationIds = memberships.length ? memberships.map((m) => m.organizationId) : [null];
  const shared = {
    ...entry,
    metadata: { ...entry.metadata, occurrence: randomUUID() },
    createdAt: new Date(),
    ipAddress: meta.ip,
    userAgent: meta.userAgent?.slice(0, 512) ?? null,
  };
  await appendSecurityEvents(
    db,
    organizationIds.map((organizationId) => ({ ...shared, organizationId })),
  );
}
