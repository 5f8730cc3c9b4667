import { describe, expect, it } from 'vitest';
import { appendRows, type LedgerEntry, type LedgerRow, rowHash } from './chain.ts';
import { createDigest, type Digest, verifyDigestChain } from './digest.ts';
import { generateSigningKey, keyFingerprint, publicKeyPem } from './keys.ts';

const KEY = generateSigningKey();
const ORG = 'org-a';

const entry = (n: number): LedgerEntry => ({
  organizationId: ORG,
  kind: 'evidence_added',
  evidenceId: `ev-${n}`,
  contentHash: n.toString(16).padStart(64, '0'),
  status: 'valid',
  at: `2026-12-01T10:00:${String(n).padStart(2, '0')}Z`,
});

/** Seven rows signed by three digests: rows 1-3, 4-4, 5-7. */
function signedLedger(key = KEY): { rows: LedgerRow[]; digests: Digest[] } {
  const rows = appendRows(
    undefined,
    Array.from({ length: 7 }, (_, i) => entry(i + 1)),
  );
  const digests: Digest[] = [];
  for (const [from, to, time] of [
    [1, 3, '11:00'],
    [4, 4, '12:00'],
    [5, 7, '13:00'],
  ] as const)
    digests.push(
      createDigest({
        rows: rows.slice(from - 1, to),
        previous: digests.at(-1),
        digestTime: `2026-12-01T${time}:00Z`,
        organizationId: ORG,
        key,
      }),
    );
  return { rows, digests };
}

const kinds = (
  digests: Digest[],
  rows: LedgerRow[],
  key: string | import('node:crypto').KeyObject = KEY.publicKey,
) => verifyDigestChain(digests, rows, key).map((b) => `${b.digest}:${b.kind}`);

describe('signed digest chain', () => {
  it('verifies: each digest carries the previous signature and the Merkle root of its rows', () => {
    const { rows, digests } = signedLedger();
    expect(digests[0]!.previousSignature).toBeNull();
    expect(digests[1]!.previousSignature).toBe(digests[0]!.signature);
    expect(digests[2]).toMatchObject({
      fromSeq: 5,
      toSeq: 7,
      publicKeyFingerprint: keyFingerprint(KEY.publicKey),
    });
    expect(verifyDigestChain(digests, rows, publicKeyPem(KEY.publicKey))).toEqual([]);
  });

  it('catches a rewritten ledger tail that the hash chain alone would accept', () => {
    const { rows, digests } = signedLedger();
    // Drop row 5 and renumber and relink the rest, every hash recomputed.
    const rewritten = appendRows(
      rows[3],
      rows.slice(5).map(({ seq: _s, prevHash: _p, hash: _h, ...e }) => e),
    );
    expect(kinds(digests, [...rows.slice(0, 4), ...rewritten])).toEqual(['3:digest_root_mismatch']);
  });

  it('catches an altered, a deleted and an unsigned row', () => {
    const { rows, digests } = signedLedger();
    const altered = rows.map((r) => (r.seq === 2 ? { ...r, status: 'expired' as const } : r));
    altered[1] = { ...altered[1]!, hash: rowHash(altered[1]!) };
    expect(kinds(digests, altered)).toEqual(['1:digest_root_mismatch']);
    expect(
      kinds(
        digests,
        rows.filter((r) => r.seq !== 4),
      ),
    ).toEqual(['2:digest_root_mismatch']);
    const extra = appendRows(rows[6], [entry(8)]);
    expect(verifyDigestChain(digests, [...rows, ...extra], KEY.publicKey)).toEqual([
      {
        digest: 3,
        kind: 'rows_not_covered',
        message: 'digest 3: row 8 is not covered by any signed digest',
      },
    ]);
  });

  it('catches a changed field, a dropped or reordered digest and a swapped key', () => {
    const { rows, digests } = signedLedger();
    expect(
      kinds(
        [digests[0]!, { ...digests[1]!, digestTime: '2026-12-01T12:30:00Z' }, digests[2]!],
        rows,
      ),
    ).toEqual(['2:digest_signature_invalid']);
    expect(kinds([digests[0]!, digests[2]!], rows)).toEqual([
      '2:digest_chain_broken',
      '2:digest_chain_broken',
    ]);
    expect(kinds([digests[1]!, digests[0]!, digests[2]!], rows)).toContain('2:digest_chain_broken');
    const other = generateSigningKey();
    expect(kinds(digests, rows, other.publicKey)).toEqual([
      ...['1', '2', '3'].flatMap((n) => [
        `${n}:digest_signature_invalid`,
        `${n}:digest_key_mismatch`,
      ]),
    ]);
    // Re-signed with another key: signatures hold for that key, but not for the organisation's.
    expect(kinds(signedLedger(other).digests, rows)).toHaveLength(6);
  });

  it('refuses to digest rows that do not follow the previous digest', () => {
    const { rows, digests } = signedLedger();
    expect(() =>
      createDigest({
        rows: rows.slice(5),
        previous: digests[1],
        digestTime: 'x',
        organizationId: ORG,
        key: KEY,
      }),
    ).toThrow(/consecutive rows of one organization from 5/);
  });
});
