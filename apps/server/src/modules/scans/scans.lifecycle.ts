import { eventRiskScore } from '@netguard/contracts';
import { and, count, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { organizationSettings, scanChunks, scans } from '../../db/schema.ts';
import { notifyRealtime } from '../../realtime/notify.ts';
import { appendSecurityEvents } from '../audit/security-events.ts';
import { scanCompletedToSiem, scanStartedToSiem } from '../siem/siem.events.ts';
import { emitSiemEvents } from '../siem/siem.outbox.ts';
import { dropChunkJobs } from './scans.queue.ts';
import type { ScanRow } from './scans.repo.ts';
import { scanCounts } from './scans.repo.ts';

/** Serialises start/promote decisions of one organization (transaction-scoped lock). */
async function lockOrganization(tx: Executor, organizationId: string) {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`scans:${organizationId}`}))`);
}

/**
 * The organization's concurrent scan limit from its API configuration (Settings), or
 * `serverDefault` (MAX_CONCURRENT_SCANS) when it has not set one.
 */
async function concurrencyLimit(tx: Executor, organizationId: string, serverDefault: number) {
  const [row] = await tx
    .select({ limit: organizationSettings.maxConcurrentScans })
    .from(organizationSettings)
    .where(eq(organizationSettings.organizationId, organizationId));
  return row?.limit ?? serverDefault;
}

async function runningCount(tx: Executor, organizationId: string): Promise<number> {
  const [row] = await tx
    .select({ n: count() })
    .from(scans)
    .where(and(eq(scans.organizationId, organizationId), eq(scans.status, 'running')));
  return row?.n ?? 0;
}

export const notifyScan = (tx: Executor, row: ScanRow, event: 'INSERT' | 'UPDATE' = 'UPDATE') =>
  notifyRealtime(tx, { table: 'scans', event, id: row.id, organization_id: row.organizationId });

/**
 * Moves a locked pending/failed/cancelled scan to running, or to pending-queued when the
 * organization already runs as many scans as its limit allows (`maxConcurrent` when it set none).
 * Call inside a transaction.
 */
export async function startOrQueue(tx: Executor, row: ScanRow, maxConcurrent: number) {
  await lockOrganization(tx, row.organizationId);
  const running = await runningCount(tx, row.organizationId);
  const limit = await concurrencyLimit(tx, row.organizationId, maxConcurrent);
  const now = new Date();
  const reset = { progress: 0, error: null, completedAt: null, notifiedAt: null };
  const values =
    running < limit
      ? { ...reset, status: 'running' as const, startedAt: now, queuedAt: null }
      : { ...reset, status: 'pending' as const, startedAt: null, queuedAt: now };
  await tx.delete(scanChunks).where(eq(scanChunks.scanId, row.id));
  const [updated] = await tx.update(scans).set(values).where(eq(scans.id, row.id)).returning();
  if (!updated) throw new Error('scan vanished while starting');
  await notifyScan(tx, updated);
  if (updated.status === 'running') await emitSiemEvents(tx, [scanStartedToSiem(updated)]);
  return updated;
}

/** Starts queued scans of the organization while it is under its limit; returns their ids. */
export async function promoteQueued(
  tx: Executor,
  organizationId: string,
  maxConcurrent: number,
): Promise<string[]> {
  await lockOrganization(tx, organizationId);
  const limit = await concurrencyLimit(tx, organizationId, maxConcurrent);
  const free = limit - (await runningCount(tx, organizationId));
  if (free <= 0) return [];
  const waiting = await tx
    .select({ id: scans.id })
    .from(scans)
    .where(
      and(
        eq(scans.organizationId, organizationId),
        eq(scans.status, 'pending'),
        isNotNull(scans.queuedAt),
      ),
    )
    .orderBy(scans.queuedAt)
    .limit(free);
  if (waiting.length === 0) return [];
  const rows = await tx
    .update(scans)
    .set({ status: 'running', startedAt: new Date(), queuedAt: null, progress: 0 })
    .where(
      inArray(
        scans.id,
        waiting.map((w) => w.id),
      ),
    )
    .returning();
  for (const row of rows) await notifyScan(tx, row);
  await emitSiemEvents(tx, rows.map(scanStartedToSiem));
  return rows.map((r) => r.id);
}

/** Ends a running scan (completed, failed or cancelled) exactly once; null if it was not running. */
export async function finishScan(
  tx: Executor,
  scanId: string,
  outcome: { status: 'completed' | 'failed' | 'cancelled'; error?: string },
  from: ('running' | 'pending')[] = ['running'],
): Promise<ScanRow | null> {
  const [row] = await tx
    .update(scans)
    .set({
      status: outcome.status,
      error: outcome.error?.slice(0, 2000) ?? null,
      completedAt: new Date(),
      queuedAt: null,
      ...(outcome.status === 'completed' ? { progress: 100 } : {}),
    })
    .where(and(eq(scans.id, scanId), inArray(scans.status, from)))
    .returning();
  if (!row) return null;
  // Spec part 2 §8: a failed scan logs a security_violation event of medium severity (here, in
  // the transaction that fails it, so exactly once).
  if (row.status === 'failed')
    await appendSecurityEvents(tx, [
      {
        userId: row.userId,
        organizationId: row.organizationId,
        eventType: 'security_violation',
        severity: 'medium',
        description: `Scan failed: ${row.scanName}`,
        metadata: {
          outcome: 'scan_failed',
          scanId: row.id,
          error: row.error,
          riskScore: eventRiskScore('security_violation', 'medium'),
        },
        ipAddress: null,
        userAgent: null,
      },
    ]);
  await tx
    .update(scanChunks)
    .set({ status: 'cancelled' })
    .where(and(eq(scanChunks.scanId, scanId), inArray(scanChunks.status, ['queued', 'running'])));
  await dropChunkJobs(tx, scanId);
  await notifyScan(tx, row);
  if (row.status === 'completed')
    await emitSiemEvents(tx, [scanCompletedToSiem(row, await scanCounts(tx, row.id))]);
  return row;
}
