import { describe, expect, it } from 'vitest';
import {
  appendRows,
  GENESIS_HASH,
  type LedgerEntry,
  type LedgerRow,
  rowHash,
  verifyChain,
} from './chain.ts';

const entry = (organizationId: string, n: number): LedgerEntry => ({
  organizationId,
  kind: 'evidence_added',
  evidenceId: `ev-${n}`,
  contentHash: n.toString(16).padStart(64, '0'),
  status: 'valid',
  at: `2026-12-01T10:00:0${n}Z`,
});

const chain = (org = 'org-a', n = 5): LedgerRow[] =>
  appendRows(
    undefined,
    Array.from({ length: n }, (_, i) => entry(org, i + 1)),
  );

const kinds = (rows: LedgerRow[]) => verifyChain(rows).breaks.map((b) => `${b.seq}:${b.kind}`);

describe('ledger chain', () => {
  it('links each row to the previous row of its organisation', () => {
    const rows = chain();
    expect(rows[0]!.prevHash).toBe(GENESIS_HASH);
    for (let i = 1; i < rows.length; i++) expect(rows[i]!.prevHash).toBe(rows[i - 1]!.hash);
    expect(rows.map((r) => r.seq)).toEqual([1, 2, 3, 4, 5]);
    expect(verifyChain(rows)).toEqual({ ok: true, breaks: [] });
  });

  it('keeps organisations apart: interleaved chains verify, a cross-organisation link is refused', () => {
    const a = chain('org-a', 3);
    const b = chain('org-b', 3);
    expect(verifyChain([a[0]!, b[0]!, a[1]!, b[1]!, b[2]!, a[2]!]).ok).toBe(true);
    expect(() => appendRows(a[2], [entry('org-b', 4)])).toThrow(/its own organization/);
  });

  it('names an altered row', () => {
    const rows = chain();
    rows[2] = { ...rows[2]!, status: 'expired' };
    const v = verifyChain(rows);
    expect(v.first).toMatchObject({
      seq: 3,
      kind: 'altered',
      message: 'org-a row 3: its content does not match its hash',
    });
    expect(kinds(rows)).toEqual(['3:altered']);
  });

  it('names an altered row whose hash was recomputed: the next row no longer links to it', () => {
    const rows = chain();
    const forged = { ...rows[2]!, evidenceId: 'ev-forged' };
    rows[2] = { ...forged, hash: rowHash(forged) };
    expect(kinds(rows)).toEqual(['4:broken_link']);
    expect(verifyChain(rows).first?.message).toBe('org-a row 4: does not carry the hash of row 3');
  });

  it('names deleted rows, in the middle and at the start', () => {
    const rows = chain();
    expect(kinds([rows[0]!, rows[1]!, rows[4]!])).toEqual(['5:deleted']);
    expect(verifyChain([rows[0]!, rows[1]!, rows[4]!]).first?.message).toBe(
      'org-a row 5: row 3, 4 before it are missing',
    );
    expect(kinds(rows.slice(1))).toEqual(['2:deleted']);
  });

  it('names reordered rows', () => {
    const rows = chain();
    const swapped = [rows[0]!, rows[2]!, rows[1]!, rows[3]!, rows[4]!];
    expect(kinds(swapped)).toEqual(['3:reordered', '2:reordered']);
    expect(verifyChain(swapped).first?.message).toBe('org-a row 3: comes before row 2');
  });

  it('names a row replaced by another organisation’s row', () => {
    const rows = chain('org-a', 3);
    const other = chain('org-b', 3);
    const mixed = [rows[0]!, { ...other[1]!, organizationId: 'org-a' }, rows[2]!];
    expect(kinds(mixed)).toEqual(['2:altered', '2:broken_link', '3:broken_link']);
  });
});
