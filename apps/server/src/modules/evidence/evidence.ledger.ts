// The evidence ledger and its signed digests in the database: reads as packages/evidence's
// LedgerRow and Digest, appends under the organization's key lock.
import {
  appendRows,
  createDigest,
  type Digest,
  type LedgerEntry,
  type LedgerRow,
  type SigningKey,
} from '@netguard/evidence';
import { and, asc, desc, eq, gt } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { evidenceDigests, evidenceLedger } from '../../db/schema.ts';

type LedgerRecord = typeof evidenceLedger.$inferSelect;

export const toLedgerRow = (r: LedgerRecord): LedgerRow => ({
  organizationId: r.organizationId,
  seq: r.seq,
  kind: r.kind,
  evidenceId: r.evidenceId,
  contentHash: r.contentHash,
  status: r.status,
  at: r.at.toISOString(),
  prevHash: r.prevHash,
  hash: r.hash,
});

/** The organization's ledger in seq order (after `afterSeq`). */
export async function readLedger(
  db: Executor,
  organizationId: string,
  afterSeq = 0,
): Promise<LedgerRow[]> {
  const list = await db
    .select()
    .from(evidenceLedger)
    .where(and(eq(evidenceLedger.organizationId, organizationId), gt(evidenceLedger.seq, afterSeq)))
    .orderBy(asc(evidenceLedger.seq));
  return list.map(toLedgerRow);
}

async function lastRow(tx: Executor, organizationId: string): Promise<LedgerRow | undefined> {
  const [row] = await tx
    .select()
    .from(evidenceLedger)
    .where(eq(evidenceLedger.organizationId, organizationId))
    .orderBy(desc(evidenceLedger.seq))
    .limit(1);
  return row ? toLedgerRow(row) : undefined;
}

/** Appends entries after the organization's last row; the caller holds the key lock (lockKey). */
export async function appendLedger(tx: Executor, organizationId: string, entries: LedgerEntry[]) {
  if (entries.length === 0) return [];
  const made = appendRows(await lastRow(tx, organizationId), entries);
  for (let i = 0; i < made.length; i += 1000)
    await tx
      .insert(evidenceLedger)
      .values(made.slice(i, i + 1000).map((r) => ({ ...r, at: new Date(r.at) })));
  return made;
}

export async function readDigests(db: Executor, organizationId: string): Promise<Digest[]> {
  const list = await db
    .select({ digest: evidenceDigests.digest })
    .from(evidenceDigests)
    .where(eq(evidenceDigests.organizationId, organizationId))
    .orderBy(asc(evidenceDigests.number));
  return list.map((r) => r.digest as unknown as Digest);
}

/** Stores digests that follow the stored ones (numbered on). */
export async function storeDigests(
  tx: Executor,
  organizationId: string,
  digests: Digest[],
  firstNumber: number,
  runId: string | null,
) {
  if (digests.length === 0) return;
  await tx.insert(evidenceDigests).values(
    digests.map((d, i) => ({
      organizationId,
      number: firstNumber + i,
      digestTime: new Date(d.digestTime),
      fromSeq: d.fromSeq,
      toSeq: d.toSeq,
      digest: d as unknown as Record<string, unknown>,
      runId,
    })),
  );
}

/**
 * Signs a digest of the rows written since the last digest (CloudTrail manner). With `always`
 * false, nothing is written when no row is new. Returns the digest's number, or null.
 */
export async function writeDigest(
  tx: Executor,
  organizationId: string,
  key: SigningKey,
  options: { now: Date; runId: string | null; always: boolean },
): Promise<number | null> {
  const digests = await readDigests(tx, organizationId);
  const previous = digests.at(-1);
  const rows = await readLedger(tx, organizationId, previous?.toSeq ?? 0);
  if (rows.length === 0 && !options.always) return null;
  const digest = createDigest({
    rows,
    previous,
    digestTime: options.now.toISOString(),
    organizationId,
    key,
  });
  await storeDigests(tx, organizationId, [digest], digests.length + 1, options.runId);
  return digests.length + 1;
}
