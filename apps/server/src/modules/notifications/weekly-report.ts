import { type TVulnSeverity, VULN_SEVERITIES } from '@netguard/contracts';
import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import type { Logger } from '../../lib/logger.ts';
import type { Mailer } from '../../lib/mailer.ts';
import { type WeeklyFigures, weeklyReportNotice } from './notices.ts';

const BATCH = 20;

/** The organization's last seven days. */
export async function weeklyFigures(db: Executor, organizationId: string): Promise<WeeklyFigures> {
  const scans = await db.execute<{ total: number; completed: number; failed: number }>(sql`
    select count(*)::int as total,
           count(*) filter (where status = 'completed')::int as completed,
           count(*) filter (where status = 'failed')::int as failed
    from scans where organization_id = ${organizationId} and created_at > now() - interval '7 days'`);
  const vulns = await db.execute<{
    severity: TVulnSeverity;
    open: number;
    created: number;
    fixed: number;
    overdue: number;
  }>(sql`
    select v.severity,
           count(*) filter (where v.state = 'open' and not exists (
             select 1 from threat_mitigation_actions a where a.vulnerability_id = v.id and a.status = 'completed'))::int as open,
           count(*) filter (where v.first_seen_at > now() - interval '7 days')::int as created,
           count(*) filter (where v.fixed_at > now() - interval '7 days')::int as fixed,
           count(*) filter (where v.state = 'open' and v.due_at < now() and not exists (
             select 1 from threat_mitigation_actions a where a.vulnerability_id = v.id and a.status = 'completed'))::int as overdue
    from vulnerabilities v where v.organization_id = ${organizationId} group by v.severity`);
  const open = Object.fromEntries(VULN_SEVERITIES.map((s) => [s, 0])) as Record<
    TVulnSeverity,
    number
  >;
  let newVulnerabilities = 0;
  let fixed = 0;
  let overdue = 0;
  for (const row of vulns.rows) {
    open[row.severity] = row.open;
    newVulnerabilities += row.created;
    fixed += row.fixed;
    overdue += row.overdue;
  }
  const s = scans.rows[0] ?? { total: 0, completed: 0, failed: 0 };
  return {
    scans: s.total,
    completed: s.completed,
    failed: s.failed,
    newVulnerabilities,
    open,
    overdue,
    fixed,
  };
}

/**
 * Mails the weekly report to users who turned report notifications on, at most once a week each
 * (the first one goes out right after the switch is turned on).
 */
export async function sendWeeklyReports(
  db: Executor,
  mailer: Mailer,
  publicUrl: string,
  log: Logger,
): Promise<number> {
  const due = await db.execute<{ user_id: string; organization_id: string; email: string }>(sql`
    update notification_preferences np set last_weekly_report_at = now()
    from users u
    where u.id = np.user_id and np.user_id in (
      select user_id from notification_preferences
      where report_notifications and email_notifications
        and (last_weekly_report_at is null or last_weekly_report_at < now() - interval '7 days')
      limit ${BATCH} for update skip locked)
    returning np.user_id, np.organization_id, u.email`);
  for (const row of due.rows) {
    const figures = await weeklyFigures(db, row.organization_id);
    await mailer.send(weeklyReportNotice(row.email, figures, publicUrl)).catch((error: unknown) => {
      log.error({ err: error, userId: row.user_id }, 'sending the weekly report failed');
    });
  }
  return due.rows.length;
}
