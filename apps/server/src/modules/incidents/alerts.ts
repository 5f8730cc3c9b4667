import type { TEventSeverity, TSecurityEventType } from '@netguard/contracts';
import { and, eq, inArray, isNull, lt, or } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { securityAlerts, securityEvents, userRoles, users } from '../../db/schema.ts';
import type { Logger } from '../../lib/logger.ts';
import type { Mailer } from '../../lib/mailer.ts';
import { notifyRealtime } from '../../realtime/notify.ts';

/** A critical security event, as alert receivers get it. */
export type CriticalEvent = {
  id: string;
  organizationId: string;
  userId: string | null;
  eventType: TSecurityEventType;
  severity: TEventSeverity;
  description: string;
  metadata: unknown;
  ipAddress: string | null;
  createdAt: Date;
};

/** Receives every critical event once (across instances); a throw is logged, not retried. */
export type CriticalEventSubscriber = (event: CriticalEvent) => Promise<void> | void;

/**
 * SIEM hook: modules that forward critical events elsewhere (the SIEM forwarder) register here
 * at start-up, e.g. `onCriticalEvent.push((event) => forwarder.enqueue(event))`. Subscribers run
 * in the process that claimed the alert, after the admins' toast and e-mails; keep them fast
 * (enqueue a job rather than calling a remote system inline).
 */
export const onCriticalEvent: CriticalEventSubscriber[] = [];

/** A claimed alert not marked sent after this long is claimed again (its sender died). */
const LEASE_MS = 2 * 60_000;
const BATCH = 50;

type Deps = { db: Executor; mailer: Mailer; publicUrl: string; log: Logger };

/**
 * Sends the pending critical-event alerts: claims outbox rows (UPDATE … RETURNING with SKIP
 * LOCKED, so racing senders never share one), then per event a realtime `security.alert` to the
 * organization's signed-in admins (NOTIFY; every API instance fans out), an e-mail to each admin
 * and the onCriticalEvent subscribers; then marks the row sent. Returns how many were sent.
 */
export async function sendCriticalAlerts({ db, mailer, publicUrl, log }: Deps): Promise<number> {
  const claimable = db
    .select({ eventId: securityAlerts.eventId })
    .from(securityAlerts)
    .where(
      and(
        isNull(securityAlerts.sentAt),
        or(
          isNull(securityAlerts.claimedAt),
          lt(securityAlerts.claimedAt, new Date(Date.now() - LEASE_MS)),
        ),
      ),
    )
    .orderBy(securityAlerts.createdAt)
    .limit(BATCH)
    .for('update', { skipLocked: true });
  const claimed = await db
    .update(securityAlerts)
    .set({ claimedAt: new Date() })
    .where(inArray(securityAlerts.eventId, claimable))
    .returning({ eventId: securityAlerts.eventId });
  if (claimed.length === 0) return 0;

  const events = await db
    .select()
    .from(securityEvents)
    .where(
      inArray(
        securityEvents.id,
        claimed.map((c) => c.eventId),
      ),
    );
  for (const row of events) {
    if (!row.organizationId) continue;
    const event: CriticalEvent = { ...row, organizationId: row.organizationId };
    await alertOne(db, mailer, publicUrl, event, log);
    await db
      .update(securityAlerts)
      .set({ sentAt: new Date() })
      .where(eq(securityAlerts.eventId, row.id));
  }
  return events.length;
}

async function alertOne(
  db: Executor,
  mailer: Mailer,
  publicUrl: string,
  event: CriticalEvent,
  log: Logger,
) {
  await notifyRealtime(db, {
    table: 'security_events',
    event: 'INSERT',
    id: event.id,
    organization_id: event.organizationId,
  });
  const admins = await db
    .select({ email: users.email })
    .from(userRoles)
    .innerJoin(users, eq(users.id, userRoles.userId))
    .where(and(eq(userRoles.organizationId, event.organizationId), eq(userRoles.role, 'admin')));
  const link = `${publicUrl}/dashboard/enterprise-security`;
  for (const admin of admins) {
    await mailer
      .send({
        to: admin.email,
        subject: `Critical security alert: ${event.eventType}`,
        text: `A critical security event was recorded in your NetGuard organization at ${event.createdAt.toISOString()}:\n\n${event.description}\n\nType: ${event.eventType}\nIP address: ${event.ipAddress ?? 'unknown'}\n\nReview it in the Enterprise Security Center:\n${link}`,
        link,
      })
      .catch((error: unknown) =>
        log.error({ err: error, component: 'alerts' }, 'critical alert e-mail failed'),
      );
  }
  for (const subscriber of onCriticalEvent) {
    try {
      await subscriber(event);
    } catch (error) {
      log.error({ err: error, component: 'alerts' }, 'critical event subscriber failed');
    }
  }
}
