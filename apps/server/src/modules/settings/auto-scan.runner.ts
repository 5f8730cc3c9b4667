import type { TAutoScanFrequency } from '@netguard/contracts';
import { and, desc, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { organizationSettings, scans, userRoles } from '../../db/schema.ts';
import type { Logger } from '../../lib/logger.ts';
import type { ScanService } from '../scans/scans.service.ts';
import { nextAutoScan } from './auto-scan.ts';

const BATCH = 10;
const SUFFIX = ' - scheduled';
const META = { ip: '127.0.0.1', userAgent: 'netguard-scheduler' };

/** The scheduled copy's name: the last scan's name, marked, within the 100-character limit. */
export function scheduledName(name: string): string {
  const base = name.endsWith(SUFFIX) ? name.slice(0, -SUFFIX.length) : name;
  return `${base.slice(0, 100 - SUFFIX.length)}${SUFFIX}`;
}

/**
 * Re-runs the last scan of every organization whose automatic re-scan is due, as the user who ran
 * it (plan limits and scope apply as for any scan), then moves its next run on by the frequency.
 * Organizations claimed by one worker are skipped by the others (SKIP LOCKED).
 */
export async function runDueAutoScans(
  db: Executor,
  scanService: Pick<ScanService, 'create' | 'start'>,
  log: Logger,
): Promise<string[]> {
  const launched: string[] = [];
  const due = await db.transaction(async (tx) => {
    const rows = await tx.execute<{
      organization_id: string;
      auto_scan_frequency: TAutoScanFrequency;
    }>(sql`
      select organization_id, auto_scan_frequency from organization_settings
      where auto_scan_frequency <> 'never' and next_auto_scan_at <= now()
      limit ${BATCH} for update skip locked`);
    for (const row of rows.rows)
      await tx
        .update(organizationSettings)
        .set({ nextAutoScanAt: nextAutoScan(row.auto_scan_frequency, new Date()) })
        .where(eq(organizationSettings.organizationId, row.organization_id));
    return rows.rows;
  });
  for (const { organization_id: organizationId } of due) {
    const [last] = await db
      .select()
      .from(scans)
      .where(eq(scans.organizationId, organizationId))
      .orderBy(desc(scans.createdAt))
      .limit(1);
    if (!last || ['pending', 'running'].includes(last.status)) continue;
    const [member] = await db
      .select({ role: userRoles.role })
      .from(userRoles)
      .where(and(eq(userRoles.userId, last.userId), eq(userRoles.organizationId, organizationId)));
    if (!member) continue;
    const auth = { userId: last.userId, organizationId, role: member.role, sessionId: 'scheduler' };
    try {
      const created = await scanService.create(
        auth,
        {
          scan_name: scheduledName(last.scanName),
          scan_type: last.scanType,
          target_hosts: last.targetHosts,
          ...(last.ports ? { ports: last.ports } : {}),
        },
        META,
      );
      await scanService.start(auth, created.id, META);
      launched.push(created.id);
    } catch (error) {
      log.warn({ err: error, organizationId }, 'scheduled re-scan not started');
    }
  }
  return launched;
}
