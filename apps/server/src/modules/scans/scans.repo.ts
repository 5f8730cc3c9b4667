import type { TScanType } from '@netguard/contracts';
import { and, count, desc, eq } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { scans } from '../../db/schema.ts';

export type ScanRow = typeof scans.$inferSelect;

type NewScan = {
  userId: string;
  organizationId: string;
  scanName: string;
  scanType: TScanType;
  targetHosts: string[];
};

export async function insertScan(db: Executor, values: NewScan): Promise<ScanRow> {
  const [row] = await db
    .insert(scans)
    .values({ ...values, status: 'pending' })
    .returning();
  if (!row) throw new Error('scan insert returned nothing');
  return row;
}

/** The organization's scans, newest first. */
export async function listScans(
  db: Executor,
  organizationId: string,
  limit: number,
  offset: number,
) {
  return db
    .select()
    .from(scans)
    .where(eq(scans.organizationId, organizationId))
    .orderBy(desc(scans.createdAt), desc(scans.id))
    .limit(limit)
    .offset(offset);
}

export async function countScans(db: Executor, organizationId: string): Promise<number> {
  const [row] = await db
    .select({ total: count() })
    .from(scans)
    .where(eq(scans.organizationId, organizationId));
  return row?.total ?? 0;
}

export async function findScan(db: Executor, organizationId: string, id: string) {
  const [row] = await db
    .select()
    .from(scans)
    .where(and(eq(scans.id, id), eq(scans.organizationId, organizationId)));
  return row;
}

/** The scan, row-locked for the rest of the transaction. */
export async function lockScan(db: Executor, organizationId: string, id: string) {
  const [row] = await db
    .select()
    .from(scans)
    .where(and(eq(scans.id, id), eq(scans.organizationId, organizationId)))
    .for('update');
  return row;
}
