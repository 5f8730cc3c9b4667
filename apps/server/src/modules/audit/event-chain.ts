import { createHash } from 'node:crypto';

/**
 * The tamper-evident form of a security event: each row of a chain (the events of one
 * organization, or those without one) carries the hash of the previous row, so changing, removing
 * or inserting a row shows as a broken link. Pure: no database here.
 *
 * The migration that introduced the chain (0009_issue17_event_chain.sql) computes the same form
 * in SQL for the rows that existed before; keep both in step.
 */

/** prev_hash of a chain's first row. */
export const GENESIS_HASH = '0'.repeat(64);
/** First element of the canonical form: changes if the form ever does. */
const FORM = 'netguard-event-v1';

/** What a row's hash covers. */
export type ChainedEvent = {
  prevHash: string;
  seq: number;
  id: string;
  /** organization_id at insert: the chain; kept when the organization is deleted. */
  chainOrg: string | null;
  /** user_id at insert; kept when the user is deleted. */
  chainUser: string | null;
  eventType: string;
  severity: string;
  description: string;
  metadata: unknown;
  ipAddress: string | null;
  userAgent: string | null;
  createdAt: Date;
};

/** Lone surrogates as U+FFFD, as they are stored (UTF-8 cannot hold them). */
const wellFormed = (text: string) =>
  text.replace(/[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g, '\ufffd');

function sortKeys(value: unknown): unknown {
  if (typeof value === 'string') return wellFormed(value);
  if (Array.isArray(value)) return value.map(sortKeys);
  if (value === null || typeof value !== 'object') return value;
  const sorted: Record<string, unknown> = {};
  const entries = Object.entries(value).map(([key, item]) => [wellFormed(key), item] as const);
  entries.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  for (const [key, item] of entries) sorted[key] = sortKeys(item);
  return sorted;
}

/**
 * JSON with object keys sorted recursively and no whitespace; values as JSON.stringify (and so
 * a jsonb column) keeps them: undefined members dropped, dates as ISO strings. null for nothing.
 */
export function canonicalJson(value: unknown): string {
  if (value === undefined) return 'null';
  const plain = JSON.parse(JSON.stringify(value) ?? 'null');
  return JSON.stringify(sortKeys(plain));
}

/** The canonical serialization the hash is taken over: one JSON array. */
export function canonicalEvent(event: ChainedEvent): string {
  const text = (value: string | null) => (value === null ? null : wellFormed(value));
  return JSON.stringify([
    FORM,
    event.prevHash,
    String(event.seq),
    event.id,
    event.chainOrg,
    event.chainUser,
    event.eventType,
    event.severity,
    text(event.description),
    canonicalJson(event.metadata ?? null),
    text(event.ipAddress),
    text(event.userAgent),
    event.createdAt.toISOString(),
  ]);
}

/** Hex sha256 of the event's canonical form. */
export function eventHash(event: ChainedEvent): string {
  return createHash('sha256').update(canonicalEvent(event), 'utf8').digest('hex');
}

/** A chain's last link: where the next event attaches. */
export type ChainHead = { seq: number; hash: string };

/** The events given their seq, prev_hash and hash, in order, after `head` (null: a new chain). */
export function linkEvents<T extends Omit<ChainedEvent, 'seq' | 'prevHash'>>(
  head: ChainHead | null,
  events: T[],
): (T & { seq: number; prevHash: string; hash: string })[] {
  let seq = head?.seq ?? 0;
  let prevHash = head?.hash ?? GENESIS_HASH;
  return events.map((event) => {
    seq += 1;
    const linked = { ...event, seq, prevHash };
    const hash = eventHash(linked);
    prevHash = hash;
    return { ...linked, hash };
  });
}

/** A stored row as verify reads it. */
export type StoredEvent = ChainedEvent & { hash: string };

export type ChainBreak = {
  seq: number;
  id: string;
  createdAt: Date;
  reason: string;
};

/**
 * Checks rows of one chain, in seq order, continuing after `head` (null: from the start).
 * Returns the first broken link, or null; `head` is what the next page continues from.
 */
export function checkLinks(
  head: ChainHead | null,
  rows: StoredEvent[],
): { broken: ChainBreak | null; head: ChainHead | null } {
  let expected = head ? head.seq + 1 : 1;
  let prevHash = head?.hash ?? GENESIS_HASH;
  let last = head;
  for (const row of rows) {
    const at = { seq: row.seq, id: row.id, createdAt: row.createdAt };
    if (row.seq !== expected) {
      const reason =
        row.seq > expected
          ? `seq gap: expected ${expected}, found ${row.seq} (row removed)`
          : `seq ${row.seq} out of order, expected ${expected} (row inserted)`;
      return { broken: { ...at, reason }, head: last };
    }
    if (row.prevHash !== prevHash)
      return {
        broken: {
          ...at,
          reason: 'prev_hash mismatch: the previous row was removed, replaced or inserted',
        },
        head: last,
      };
    if (eventHash(row) !== row.hash)
      return { broken: { ...at, reason: 'hash mismatch: the row was changed' }, head: last };
    prevHash = row.hash;
    expected += 1;
    last = { seq: row.seq, hash: row.hash };
  }
  return { broken: null, head: last };
}
