import { and, desc, eq, inArray, isNull, lt, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { cloudScans } from '../../db/schema.ts';

const s = cloudScans;

export type CloudScanRow = typeof cloudScans.$inferSelect;

export const ACTIVE_STATUSES = ['queued', 'running'] as const;

export async function insertScans(db: Executor, rows: (typeof s.$inferInsert)[]) {
  return db.insert(s).values(rows).returning();
}

export async function listScans(
  db: Executor,
  organizationId: string,
  query: { connectionId?: string; limit: number },
) {
  const where: SQL[] = [eq(s.organizationId, organizationId)];
  if (query.connectionId) where.push(eq(s.connectionId, query.connectionId));
  return db
    .select()
    .from(s)
    .where(and(...where))
    .orderBy(desc(s.createdAt))
    .limit(query.limit);
}

export async function findScan(db: Executor, organizationId: string, id: string) {
  const [row] = await db
    .select()
    .from(s)
    .where(and(eq(s.organizationId, organizationId), eq(s.id, id)));
  return row ?? null;
}

/** Connections among `ids` with a queued or running scan. */
export async function busyConnections(db: Executor, ids: string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows = await db
    .select({ connectionId: s.connectionId })
    .from(s)
    .where(and(inArray(s.connectionId, ids), inArray(s.status, ACTIVE_STATUSES)));
  return new Set(rows.flatMap((r) => (r.connectionId ? [r.connectionId] : [])));
}

/** Cancels a queued or running scan; null when it had ended (or is not the organization's). */
export async function cancelScan(db: Executor, organizationId: string, id: string) {
  const [row] = await db
    .update(s)
    .set({ status: 'cancelled', phase: 'cancelled', finishedAt: new Date() })
    .where(
      and(eq(s.organizationId, organizationId), eq(s.id, id), inArray(s.status, ACTIVE_STATUSES)),
    )
    .returning();
  return row ?? null;
}

/** The newest finished scan of the same connection and scope before this one (for the comparison). */
export async function previousScan(db: Executor, scan: CloudScanRow) {
  if (!scan.connectionId) return null;
  const [row] = await db
    .select()
    .from(s)
    .where(
      and(
        eq(s.connectionId, scan.connectionId),
        inArray(s.status, ['passed', 'failed', 'partial']),
        lt(s.createdAt, scan.createdAt),
        scan.serviceScope
          ? sql`${s.serviceScope} = ${JSON.stringify(scan.serviceScope)}::jsonb`
          : isNull(s.serviceScope),
      ),
    )
    .orderBy(desc(s.createdAt))
    .limit(1);
  return row ?? null;
}
