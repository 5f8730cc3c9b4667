import { describe, expect, it } from 'vitest';
import {
  type ChainedEvent,
  canonicalEvent,
  canonicalJson,
  checkLinks,
  eventHash,
  GENESIS_HASH,
  linkEvents,
} from '../src/modules/audit/event-chain.ts';

const base = (n: number): Omit<ChainedEvent, 'seq' | 'prevHash'> => ({
  id: `00000000-0000-4000-8000-00000000000${n}`,
  chainOrg: '11111111-1111-4111-8111-111111111111',
  chainUser: null,
  eventType: 'auth_attempt',
  severity: 'low',
  description: `event ${n}`,
  metadata: { outcome: 'success', n },
  ipAddress: '127.0.0.1',
  userAgent: null,
  createdAt: new Date(Date.UTC(2026, 0, 2, 3, 4, 5, n)),
});

describe('canonical form of a security event', () => {
  it('sorts object keys recursively and drops whitespace, as JSON.stringify keeps values', () => {
    expect(canonicalJson({ b: 1, a: { d: [3, { z: 1, y: 2 }], c: 'x' } })).toBe(
      '{"a":{"c":"x","d":[3,{"y":2,"z":1}]},"b":1}',
    );
    expect(canonicalJson({ a: undefined, b: new Date(0) })).toBe(
      '{"b":"1970-01-01T00:00:00.000Z"}',
    );
    expect(canonicalJson(null)).toBe('null');
    expect(canonicalJson(undefined)).toBe('null');
    // Key order of the input does not matter; a round trip through JSON does not change it.
    const metadata = { route: 'GET /api/scans', granted: true, riskScore: 0.1 + 0.2 };
    expect(canonicalJson(metadata)).toBe(canonicalJson(JSON.parse(JSON.stringify(metadata))));
    expect(canonicalJson({ x: 1, y: 2 })).toBe(canonicalJson({ y: 2, x: 1 }));
  });

  it('serializes every field, created_at with milliseconds, lone surrogates as stored', () => {
    const event = { ...base(1), seq: 1, prevHash: GENESIS_HASH };
    const form = JSON.parse(canonicalEvent(event));
    expect(form).toEqual([
      'netguard-event-v1',
      GENESIS_HASH,
      '1',
      event.id,
      event.chainOrg,
      null,
      'auth_attempt',
      'low',
      'event 1',
      '{"n":1,"outcome":"success"}',
      '127.0.0.1',
      null,
      '2026-01-02T03:04:05.001Z',
    ]);
    expect(eventHash({ ...event, description: 'a\ud800' })).toBe(
      eventHash({ ...event, description: 'a\ufffd' }),
    );
    expect(eventHash(event)).toMatch(/^[0-9a-f]{64}$/);
  });

  it('changes the hash when any field changes', () => {
    const event = { ...base(1), seq: 1, prevHash: GENESIS_HASH };
    const hash = eventHash(event);
    const changes: Partial<ChainedEvent>[] = [
      { seq: 2 },
      { prevHash: '1'.repeat(64) },
      { id: base(2).id },
      { chainOrg: null },
      { chainUser: base(3).id },
      { eventType: 'data_access' },
      { severity: 'high' },
      { description: 'event 1 ' },
      { metadata: { outcome: 'success', n: 2 } },
      { ipAddress: null },
      { userAgent: 'curl' },
      { createdAt: new Date(event.createdAt.getTime() + 1) },
    ];
    for (const change of changes) expect(eventHash({ ...event, ...change })).not.toBe(hash);
  });
});

describe('links of a chain', () => {
  const rows = linkEvents(null, [base(1), base(2), base(3), base(4)]);

  it('numbers events from 1 and links each to the hash of the previous one', () => {
    expect(rows.map((r) => r.seq)).toEqual([1, 2, 3, 4]);
    expect(rows[0]?.prevHash).toBe(GENESIS_HASH);
    for (let i = 1; i < rows.length; i++) expect(rows[i]?.prevHash).toBe(rows[i - 1]?.hash);
    expect(checkLinks(null, rows)).toEqual({ broken: null, head: { seq: 4, hash: rows[3]?.hash } });
    // Continues an existing chain, also across pages.
    const more = linkEvents({ seq: 4, hash: rows[3]?.hash ?? '' }, [base(5)]);
    expect(more[0]).toMatchObject({ seq: 5, prevHash: rows[3]?.hash });
    const page = checkLinks(null, rows.slice(0, 2));
    expect(checkLinks(page.head, [...rows.slice(2), ...more]).broken).toBeNull();
  });

  it('reports a changed row, a removed row and an inserted row at their seq', () => {
    const changed = rows.map((r) => (r.seq === 2 ? { ...r, description: 'edited' } : r));
    expect(checkLinks(null, changed).broken).toMatchObject({
      seq: 2,
      id: base(2).id,
      reason: expect.stringContaining('hash mismatch'),
    });
    const removed = rows.filter((r) => r.seq !== 3);
    expect(checkLinks(null, removed).broken).toMatchObject({
      seq: 4,
      reason: expect.stringContaining('seq gap'),
    });
    // Removed and renumbered: the next row's prev_hash no longer matches.
    const renumbered = removed.map((r) => (r.seq === 4 ? { ...r, seq: 3 } : r));
    expect(checkLinks(null, renumbered).broken).toMatchObject({
      seq: 3,
      reason: expect.stringContaining('prev_hash mismatch'),
    });
    const first = rows[0];
    if (!first) throw new Error('no rows');
    const inserted = [first, { ...first, id: base(9).id }, ...rows.slice(1)];
    expect(checkLinks(null, inserted).broken).toMatchObject({ seq: 1, id: base(9).id });
  });
});
