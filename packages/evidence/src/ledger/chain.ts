// The evidence ledger: append-only rows, each carrying the hash of the previous row of its
// organisation, numbered 1, 2, 3... per organisation. An altered, deleted or moved row breaks the
// chain where it happened; a rewritten tail (every later hash recomputed) is what the signed
// digests (digest.ts) catch.
import { canonicalSha256 } from '../canonical/hash.ts';
import type { EvidenceStatus } from '../model/status.ts';

export const GENESIS_HASH = '0'.repeat(64);

/** An item added, its status changed or reviewed; an auditor's request opened or closed. */
export type LedgerKind =
  | 'evidence_added'
  | 'evidence_status_changed'
  | 'evidence_reviewed'
  | 'evidence_requested'
  | 'evidence_request_closed';

/** The status of an auditor's evidence request (the rows of the request kinds). */
export type EvidenceRequestStatus = 'open' | 'fulfilled' | 'declined';

export type LedgerEntry = {
  organizationId: string;
  kind: LedgerKind;
  /** The evidence item's id (for the request kinds: the request's id). */
  evidenceId: string;
  /** The evidence item's content hash at this point (the request's canonical hash). */
  contentHash: string;
  status: EvidenceStatus | EvidenceRequestStatus;
  at: string;
};

export type LedgerRow = LedgerEntry & { seq: number; prevHash: string; hash: string };

/** The hash of a row: SHA-256 of the canonical JSON of everything but the hash. */
export function rowHash(row: Omit<LedgerRow, 'hash'>): string {
  const { organizationId, seq, kind, evidenceId, contentHash, status, at, prevHash } = row;
  return canonicalSha256({
    organizationId,
    seq,
    kind,
    evidenceId,
    contentHash,
    status,
    at,
    prevHash,
  });
}

/** The next row after `previous` (the organisation's last row, or none for its first). */
export function appendRow(previous: LedgerRow | undefined, entry: LedgerEntry): LedgerRow {
  if (previous && previous.organizationId !== entry.organizationId)
    throw new Error('a ledger row follows a row of its own organization');
  const row = { ...entry, seq: (previous?.seq ?? 0) + 1, prevHash: previous?.hash ?? GENESIS_HASH };
  return { ...row, hash: rowHash(row) };
}

/** Rows for a list of entries of one organisation, starting after `previous`. */
export function appendRows(previous: LedgerRow | undefined, entries: LedgerEntry[]): LedgerRow[] {
  const rows: LedgerRow[] = [];
  for (const e of entries) rows.push(appendRow(rows.at(-1) ?? previous, e));
  return rows;
}

export type ChainBreakKind = 'altered' | 'deleted' | 'reordered' | 'broken_link';

export type ChainBreak = {
  organizationId: string;
  seq: number;
  kind: ChainBreakKind;
  message: string;
};

export type ChainVerification = { ok: boolean; breaks: ChainBreak[]; first?: ChainBreak };

function verifyOrganization(organizationId: string, rows: LedgerRow[]): ChainBreak[] {
  const breaks: ChainBreak[] = [];
  const bySeq = new Map(rows.map((r) => [r.seq, r]));
  const add = (seq: number, kind: ChainBreakKind, message: string) =>
    breaks.push({ organizationId, seq, kind, message: `${organizationId} row ${seq}: ${message}` });
  let expected = 1;
  rows.forEach((row, i) => {
    if (rowHash(row) !== row.hash) add(row.seq, 'altered', 'its content does not match its hash');
    if (row.seq < expected) add(row.seq, 'reordered', `comes after row ${rows[i - 1]?.seq}`);
    else if (row.seq > expected) {
      const gap = Array.from({ length: row.seq - expected }, (_, k) => expected + k);
      const moved = gap.filter((s) => bySeq.has(s));
      if (moved.length) add(row.seq, 'reordered', `comes before row ${moved.join(', ')}`);
      else
        add(
          row.seq,
          'deleted',
          `row ${gap.join(', ')} before it ${gap.length > 1 ? 'are' : 'is'} missing`,
        );
    }
    // The link is checked against the row numbered just before, wherever it stands.
    const before = row.seq === 1 ? GENESIS_HASH : bySeq.get(row.seq - 1)?.hash;
    if (before !== undefined && row.prevHash !== before)
      add(row.seq, 'broken_link', `does not carry the hash of row ${row.seq - 1}`);
    expected = Math.max(expected, row.seq + 1);
  });
  return breaks;
}

/**
 * Checks every organisation's chain in the order the rows are given (as stored, by seq): names
 * each altered row, each gap (deleted rows), each row out of place, and each link that does not
 * carry the previous row's hash. `first` is the first break in the rows' order.
 */
export function verifyChain(rows: LedgerRow[]): ChainVerification {
  const byOrg = new Map<string, LedgerRow[]>();
  const position = new Map<string, number>();
  rows.forEach((r, i) => {
    const list = byOrg.get(r.organizationId) ?? [];
    if (!list.length) byOrg.set(r.organizationId, list);
    list.push(r);
    const key = `${r.organizationId}\n${r.seq}`;
    if (!position.has(key)) position.set(key, i);
  });
  const breaks = [...byOrg].flatMap(([org, orgRows]) => verifyOrganization(org, orgRows));
  const at = (b: ChainBreak) => position.get(`${b.organizationId}\n${b.seq}`) ?? 0;
  const first = [...breaks].sort((a, b) => at(a) - at(b))[0];
  return first ? { ok: false, breaks, first } : { ok: true, breaks };
}
