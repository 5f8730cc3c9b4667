import { and, eq, isNotNull, lt, notExists, sql } from 'drizzle-orm';
import { scanChunks, scans } from '../../db/schema.ts';
import * as chunks from './scans.chunks.repo.ts';
import { failScan } from './scans.complete.ts';
import { type JobDeps, MAX_CHUNK_ATTEMPTS } from './scans.jobs.ts';
import { promoteQueued } from './scans.lifecycle.ts';
import { unsentChunkIds } from './scans.queue.ts';

// Arbitrary constant: one sweeper at a time across all worker processes.
const SWEEP_LOCK_ID = 727_002;
/** A running scan with no chunks this long after its start lost its planning job. */
const UNPLANNED_AFTER_S = 30;
/** A queued chunk with no job this long after it was queued lost its job. */
const UNSENT_AFTER_S = 10;

/**
 * Keeps scans moving when workers die: re-queues chunks with a silent worker (or fails the scan
 * once a chunk has used its attempts), fails scans past the timeout, re-sends lost planning
 * and chunk jobs and starts queued scans when their organization has room.
 */
export async function sweepScans(deps: JobDeps): Promise<void> {
  const { db, settings, queue } = deps;
  const locked = await db.transaction(async (tx) => {
    const result = await tx.execute(sql`select pg_try_advisory_xact_lock(${SWEEP_LOCK_ID}) as ok`);
    if (!(result.rows[0] as { ok: boolean } | undefined)?.ok) return false;

    const unsent = await unsentChunkIds(tx, UNSENT_AFTER_S);
    const stale = await chunks.staleChunks(tx, settings.chunkStaleSeconds);
    const requeue = stale.filter((c) => c.attempts < MAX_CHUNK_ATTEMPTS).map((c) => c.id);
    await chunks.requeueChunks(tx, requeue);
    const exhausted = stale.filter((c) => c.attempts >= MAX_CHUNK_ATTEMPTS);

    // Each organization's scan timeout (Settings), or SCAN_TIMEOUT_SECONDS when it set none.
    const timeout = sql<number>`coalesce((select os.scan_timeout_seconds from organization_settings os where os.organization_id = "scans"."organization_id"), ${settings.timeoutSeconds})::int`;
    const timedOut = await tx
      .select({ id: scans.id, organizationId: scans.organizationId, timeout })
      .from(scans)
      .where(
        and(
          eq(scans.status, 'running'),
          lt(scans.startedAt, sql`now() - make_interval(secs => ${timeout})`),
        ),
      );
    const unplanned = await tx
      .select({ id: scans.id })
      .from(scans)
      .where(
        and(
          eq(scans.status, 'running'),
          lt(scans.startedAt, sql`now() - make_interval(secs => ${UNPLANNED_AFTER_S})`),
          notExists(tx.select().from(scanChunks).where(eq(scanChunks.scanId, scans.id))),
        ),
      );
    const waitingOrgs = await tx
      .selectDistinct({ organizationId: scans.organizationId })
      .from(scans)
      .where(and(eq(scans.status, 'pending'), isNotNull(scans.queuedAt)));
    const promoted: string[] = [];
    for (const { organizationId } of waitingOrgs) {
      promoted.push(...(await promoteQueued(tx, organizationId, settings.maxConcurrent)));
    }
    return { requeue: [...unsent, ...requeue], exhausted, timedOut, unplanned, promoted };
  });
  if (!locked) return;

  await queue.sendChunks(locked.requeue);
  for (const chunk of locked.exhausted) {
    const [scan] = await db.select().from(scans).where(eq(scans.id, chunk.scanId));
    if (!scan) continue;
    const reason = `A worker stopped responding while scanning chunk ${chunk.index + 1} (${chunk.attempts} attempts)`;
    await db
      .update(scanChunks)
      .set({ status: 'failed', error: reason })
      .where(eq(scanChunks.id, chunk.id));
    await failScan(db, queue, scan, settings.maxConcurrent, reason);
  }
  for (const scan of locked.timedOut) {
    const reason = `Scan timed out after ${scan.timeout} seconds`;
    await failScan(db, queue, scan, settings.maxConcurrent, reason);
  }
  for (const id of [...locked.unplanned.map((s) => s.id), ...locked.promoted])
    await queue.sendPlan(id);
}
