import { and, eq, gte, inArray, isNull, or, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { notificationPreferences, users, vulnerabilities } from '../../db/schema.ts';
import type { Logger } from '../../lib/logger.ts';
import type { Mailer } from '../../lib/mailer.ts';
import { newVulnerabilitiesNotice, scanFinishedNotice } from './notices.ts';

const BATCH = 20;

type Claimed = {
  id: string;
  scan_name: string;
  status: 'completed' | 'failed';
  error: string | null;
  target_hosts: string[];
  user_id: string;
  started_at: Date | null;
};

/** The owner's address and switches (spec defaults when never saved). */
export async function recipient(db: Executor, userId: string) {
  const p = notificationPreferences;
  const [row] = await db
    .select({
      email: users.email,
      email_on: sql<boolean>`coalesce(${p.emailNotifications}, true)`,
      scans_on: sql<boolean>`coalesce(${p.scanNotifications}, true)`,
      alerts_on: sql<boolean>`coalesce(${p.vulnerabilityAlerts}, true)`,
    })
    .from(users)
    .leftJoin(p, eq(p.userId, users.id))
    .where(eq(users.id, userId));
  return row;
}

/**
 * Mails the owners of finished scans, once per scan (claimed with SKIP LOCKED, so several
 * workers never send twice): the outcome when scan notifications are on, and the critical or high
 * vulnerabilities the scan found new (or reopened) when vulnerability alerts are on.
 */
export async function notifyFinishedScans(
  db: Executor,
  mailer: Mailer,
  publicUrl: string,
  log: Logger,
): Promise<number> {
  const claimed = await db.execute<Claimed>(sql`
    update scans set notified_at = now()
    where id in (
      select id from scans where status in ('completed', 'failed') and notified_at is null
      order by completed_at limit ${BATCH} for update skip locked)
    returning id, scan_name, status, error, target_hosts, user_id, started_at`);
  for (const scan of claimed.rows) {
    const to = await recipient(db, scan.user_id);
    if (!to?.email_on) continue;
    const messages = [];
    if (to.scans_on)
      messages.push(
        scanFinishedNotice(
          to.email,
          {
            id: scan.id,
            scanName: scan.scan_name,
            status: scan.status,
            error: scan.error,
            targetHosts: scan.target_hosts,
          },
          publicUrl,
        ),
      );
    if (to.alerts_on && scan.status === 'completed') {
      const found = await newSevereFindings(db, scan);
      if (found.length)
        messages.push(
          newVulnerabilitiesNotice(
            to.email,
            { id: scan.id, scanName: scan.scan_name },
            found,
            publicUrl,
          ),
        );
    }
    for (const message of messages)
      await mailer.send(message).catch((error: unknown) => {
        log.error({ err: error, scanId: scan.id }, 'sending a scan notice failed');
      });
  }
  return claimed.rows.length;
}

/** Critical and high vulnerabilities first found by this scan, or reopened by it. */
function newSevereFindings(db: Executor, scan: Claimed) {
  const v = vulnerabilities;
  const began = scan.started_at ? new Date(scan.started_at) : new Date(0);
  return db
    .select({ title: v.title, severity: v.severity, host: v.host, port: v.port })
    .from(v)
    .where(
      and(
        inArray(v.severity, ['critical', 'high']),
        or(eq(v.scanId, scan.id), and(eq(v.lastScanId, scan.id), gte(v.reopenedAt, began))),
        isNull(v.fixedAt),
      ),
    )
    .orderBy(v.severity, v.host);
}
