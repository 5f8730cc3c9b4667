import type { TEventSeverity, TSecurityEventType } from '@netguard/contracts';
import type { Executor } from '../../db/client.ts';
import { auditLogs } from '../../db/schema.ts';
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
