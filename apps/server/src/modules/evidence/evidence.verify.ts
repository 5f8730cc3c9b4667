// `netguard evidence verify`: every organization's evidence ledger chain (the first broken link
// named) and its signed digests (signature, chain, Merkle roots) against the stored public key.
import { verifyChain, verifyDigestChain } from '@netguard/evidence';
import { eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { evidenceKeys } from '../../db/schema.ts';
import { readDigests, readLedger } from './evidence.ledger.ts';

export type LedgerReport = {
  organizationId: string;
  rows: number;
  digests: number;
  /** The first broken link of the chain, by seq. */
  firstBreak: { seq: number; message: string } | null;
  /** Digest problems other than rows written since the last digest. */
  digestBreaks: string[];
  /** Rows written after the last signed digest (signed at the next run or daily). */
  unsigned: number;
};

export async function verifyEvidenceLedgers(
  db: Executor,
  options: { organizationId?: string } = {},
): Promise<{ ok: boolean; reports: LedgerReport[] }> {
  const orgs = (
    await db.execute(
      options.organizationId
        ? sql`select distinct organization_id as id from evidence_ledger where organization_id = ${options.organizationId}`
        : sql`select distinct organization_id as id from evidence_ledger order by 1`,
    )
  ).rows as { id: string }[];
  const reports: LedgerReport[] = [];
  for (const { id } of orgs) {
    const rows = await readLedger(db, id);
    const digests = await readDigests(db, id);
    const chain = verifyChain(rows);
    const [key] = await db
      .select({ pem: evidenceKeys.publicKeyPem })
      .from(evidenceKeys)
      .where(eq(evidenceKeys.organizationId, id));
    const breaks = key ? verifyDigestChain(digests, rows, key.pem) : [];
    const unsignedRows = rows.filter((r) => r.seq > (digests.at(-1)?.toSeq ?? 0)).length;
    reports.push({
      organizationId: id,
      rows: rows.length,
      digests: digests.length,
      firstBreak: chain.first ? { seq: chain.first.seq, message: chain.first.message } : null,
      digestBreaks: [
        ...(key ? [] : ['the organization has no evidence key']),
        ...breaks.filter((b) => b.kind !== 'rows_not_covered').map((b) => b.message),
      ],
      unsigned: unsignedRows,
    });
  }
  return {
    ok: reports.every((r) => !r.firstBreak && r.digestBreaks.length === 0),
    reports,
  };
}

/** One line per organization, then one per digest problem. */
export function formatLedgerReport(r: LedgerReport): string {
  const name = `organization ${r.organizationId}`;
  const unsigned = r.unsigned ? `; ${r.unsigned} rows after the last signed digest` : '';
  const head = r.firstBreak
    ? `${name}: broken at row ${r.firstBreak.seq}: ${r.firstBreak.message}`
    : `${name}: ok: ${r.rows} rows, ${r.digests} signed digests${unsigned}`;
  return [head, ...r.digestBreaks.map((b) => `${name}: ${b}`)].join('\n');
}
