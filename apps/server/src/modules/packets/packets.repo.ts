import type { ReaderCheckpoint } from '@netguard/packets';
import { and, desc, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { captureFiles } from '../../db/schema.ts';

export type CaptureRow = typeof captureFiles.$inferSelect;
export type CaptureSummaryRow = Omit<CaptureRow, 'stats' | 'checkpoints'>;
export type NewCapture = typeof captureFiles.$inferInsert;

// Checkpoints can run to thousands of entries: lists and single reads never load them whole.
const summaryColumns = {
  id: captureFiles.id,
  organizationId: captureFiles.organizationId,
  userId: captureFiles.userId,
  name: captureFiles.name,
  format: captureFiles.format,
  sizeBytes: captureFiles.sizeBytes,
  packetCount: captureFiles.packetCount,
  linkTypes: captureFiles.linkTypes,
  createdAt: captureFiles.createdAt,
};

const own = (organizationId: string, id: string) =>
  and(eq(captureFiles.id, id), eq(captureFiles.organizationId, organizationId));

export async function insertCapture(db: Executor, values: NewCapture): Promise<CaptureRow> {
  const [row] = await db.insert(captureFiles).values(values).returning();
  if (!row) throw new Error('capture insert returned nothing');
  return row;
}

export async function countCaptures(db: Executor, organizationId: string): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(captureFiles)
    .where(eq(captureFiles.organizationId, organizationId));
  return row?.n ?? 0;
}

/** The organization's captures, newest first. */
export function listCaptures(db: Executor, organizationId: string): Promise<CaptureSummaryRow[]> {
  return db
    .select(summaryColumns)
    .from(captureFiles)
    .where(eq(captureFiles.organizationId, organizationId))
    .orderBy(desc(captureFiles.createdAt), desc(captureFiles.id));
}

export async function findCapture(
  db: Executor,
  organizationId: string,
  id: string,
): Promise<(CaptureSummaryRow & Pick<CaptureRow, 'stats'>) | undefined> {
  const [row] = await db
    .select({ ...summaryColumns, stats: captureFiles.stats })
    .from(captureFiles)
    .where(own(organizationId, id));
  return row;
}

/** Checkpoint `index` of a capture (see captureFiles.checkpoints), or null when it has none there. */
export async function findCheckpoint(
  db: Executor,
  organizationId: string,
  id: string,
  index: number,
): Promise<ReaderCheckpoint | null> {
  const [row] = await db
    .select({
      checkpoint: sql<ReaderCheckpoint | null>`${captureFiles.checkpoints} -> ${index}::int`,
    })
    .from(captureFiles)
    .where(own(organizationId, id));
  return row?.checkpoint ?? null;
}

/** Every checkpoint of a capture, for a page that jumps between many of them. */
export async function findCheckpoints(
  db: Executor,
  organizationId: string,
  id: string,
): Promise<ReaderCheckpoint[]> {
  const [row] = await db
    .select({ checkpoints: captureFiles.checkpoints })
    .from(captureFiles)
    .where(own(organizationId, id));
  return row?.checkpoints ?? [];
}

/** Serialises uploads of one organization until the transaction ends, so the quota holds. */
export async function lockOrganizationCaptures(db: Executor, organizationId: string) {
  await db.execute(
    sql`select pg_advisory_xact_lock(hashtextextended(${`captures:${organizationId}`}, 0))`,
  );
}

/** Deletes the capture row; false when the organization has no such capture. */
export async function deleteCapture(db: Executor, organizationId: string, id: string) {
  const rows = await db
    .delete(captureFiles)
    .where(own(organizationId, id))
    .returning({ id: captureFiles.id });
  return rows.length > 0;
}

/** Ids of the captures an organization still has, to tell orphaned files apart. */
export async function captureIds(db: Executor, organizationId: string): Promise<Set<string>> {
  const rows = await db
    .select({ id: captureFiles.id })
    .from(captureFiles)
    .where(eq(captureFiles.organizationId, organizationId));
  return new Set(rows.map((r) => r.id));
}
