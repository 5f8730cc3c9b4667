import { and, eq, inArray, lt, ne, or, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { scanChunks, scans } from '../../db/schema.ts';
import type { PlannedChunk } from './scans.chunks.ts';
import { notifyScan } from './scans.lifecycle.ts';

export type ChunkRow = typeof scanChunks.$inferSelect;

/** Stores the plan's chunks once (a re-run plan job adds nothing) and returns the unfinished ones. */
export async function saveChunks(db: Executor, scanId: string, planned: PlannedChunk[]) {
  const BATCH = 500;
  for (let i = 0; i < planned.length; i += BATCH) {
    const rows = planned.slice(i, i + BATCH).map((c, j) => ({
      scanId,
      index: i + j,
      spec: c.spec,
      weight: c.weight,
    }));
    await db.insert(scanChunks).values(rows).onConflictDoNothing();
  }
  return db
    .select({ id: scanChunks.id })
    .from(scanChunks)
    .where(and(eq(scanChunks.scanId, scanId), eq(scanChunks.status, 'queued')));
}

/**
 * Claims a chunk for this worker: a queued chunk, or a running one whose worker went silent.
 * Returns null when it is done, cancelled or held by a live worker.
 */
export async function claimChunk(
  db: Executor,
  chunkId: string,
  workerId: string,
  staleSeconds: number,
) {
  const stale = sql`now() - make_interval(secs => ${staleSeconds})`;
  const [row] = await db
    .update(scanChunks)
    .set({
      status: 'running',
      workerId,
      heartbeatAt: sql`now()`,
      attempts: sql`${scanChunks.attempts} + 1`,
      progress: 0,
    })
    .where(
      and(
        eq(scanChunks.id, chunkId),
        or(
          eq(scanChunks.status, 'queued'),
          and(eq(scanChunks.status, 'running'), lt(scanChunks.heartbeatAt, stale)),
        ),
      ),
    )
    .returning();
  return row ?? null;
}

/** Heartbeat and progress of a chunk this worker holds; false when it lost the chunk. */
export async function beat(db: Executor, chunk: ChunkRow, workerId: string, progress?: number) {
  const rows = await db
    .update(scanChunks)
    .set({ heartbeatAt: sql`now()`, ...(progress === undefined ? {} : { progress }) })
    .where(
      and(
        eq(scanChunks.id, chunk.id),
        eq(scanChunks.workerId, workerId),
        eq(scanChunks.status, 'running'),
      ),
    )
    .returning({ id: scanChunks.id });
  return rows.length > 0;
}

/** Recomputes the scan's progress from its chunks (weighted) and announces a change. */
export async function rollUpProgress(db: Executor, scanId: string): Promise<void> {
  const [row] = await db
    .update(scans)
    .set({
      progress: sql`least(99, (select coalesce(floor(sum(c.weight * c.progress)::numeric / nullif(sum(c.weight), 0)), 0)::int from ${scanChunks} c where c.scan_id = ${scanId}))`,
    })
    .where(
      and(
        eq(scans.id, scanId),
        eq(scans.status, 'running'),
        sql`${scans.progress} < least(99, (select coalesce(floor(sum(c.weight * c.progress)::numeric / nullif(sum(c.weight), 0)), 0)::int from ${scanChunks} c where c.scan_id = ${scanId}))`,
      ),
    )
    .returning();
  if (row) await notifyScan(db, row);
}

export async function finishChunk(
  db: Executor,
  chunk: ChunkRow,
  workerId: string,
  result: { status: 'done' | 'queued' | 'failed'; hostsScanned?: number; error?: string },
) {
  await db
    .update(scanChunks)
    .set({
      status: result.status,
      progress: result.status === 'done' ? 100 : 0,
      hostsScanned: result.hostsScanned ?? 0,
      error: result.error?.slice(0, 2000) ?? null,
      heartbeatAt: sql`now()`,
    })
    .where(
      and(
        eq(scanChunks.id, chunk.id),
        eq(scanChunks.workerId, workerId),
        eq(scanChunks.status, 'running'),
      ),
    );
}

/** The scan's chunk summary: how many are not done, hosts scanned, first refusal reason. */
export async function chunkSummary(db: Executor, scanId: string) {
  const [row] = await db
    .select({
      open: sql<number>`count(*) filter (where ${scanChunks.status} <> 'done')::int`,
      failed: sql<number>`count(*) filter (where ${scanChunks.status} = 'failed')::int`,
      hosts: sql<number>`coalesce(sum(${scanChunks.hostsScanned}), 0)::int`,
      error: sql<string | null>`min(${scanChunks.error})`,
    })
    .from(scanChunks)
    .where(eq(scanChunks.scanId, scanId));
  return row ?? { open: 0, failed: 0, hosts: 0, error: null };
}

/** Running chunks whose worker stopped sending heartbeats. */
export async function staleChunks(db: Executor, staleSeconds: number) {
  return db
    .select()
    .from(scanChunks)
    .where(
      and(
        eq(scanChunks.status, 'running'),
        lt(scanChunks.heartbeatAt, sql`now() - make_interval(secs => ${staleSeconds})`),
      ),
    )
    .limit(500);
}

export async function requeueChunks(db: Executor, ids: string[]) {
  if (ids.length === 0) return;
  await db
    .update(scanChunks)
    .set({ status: 'queued', workerId: null })
    .where(and(inArray(scanChunks.id, ids), ne(scanChunks.status, 'done')));
}
