import { describe, expect, it } from 'vitest';
import { appendRows } from '../ledger/chain.ts';
import { generateSigningKey, publicKeyPem } from '../ledger/keys.ts';
import { flipByte, later, organization, packageOf, rezip } from '../testing/package-fixture.ts';
import type { BreakCode } from './breaks.ts';
import { verifyPackage } from './verify.ts';
import { readZip } from './zip.ts';

const org = organization();
const first = packageOf(org);
const second = packageOf(later(org, first), '2026-12-08T12:00:00Z', first);

const codes = (zip: Buffer, previous?: Buffer) =>
  verifyPackage(zip, previous ? { previous } : {}).breaks.map((b) => b.code);

/** Every kind of file in a package, and what the verifier must say besides the checksum break. */
const FLIPS: [RegExp, BreakCode[]][] = [
  [/^manifest\.json$/, ['manifest_signature_invalid', 'manifest_unreadable']],
  [/^manifest\.sig$/, ['manifest_signature_invalid']],
  [/^public-key\.pem$/, ['public_key_unreadable', 'public_key_mismatch']],
  [
    /^ledger\.json$/,
    ['ledger_altered', 'ledger_unreadable', 'ledger_broken_link', 'ledger_manifest_mismatch'],
  ],
  [
    /^digests\/\d+\.json$/,
    ['digest_signature_invalid', 'digest_unreadable', 'digest_files_disagree'],
  ],
  [/^digests\/\d+\.tbs$/, ['digest_files_disagree']],
  [/^digests\/\d+\.sig$/, ['digest_files_disagree']],
  [/^evidence\/[^/]+\.json$/, ['evidence_hash_mismatch', 'evidence_unreadable']],
  [/^evidence\/[^/]+\/.+$/, ['attachment_hash_mismatch']],
  [/^assessment-results\.json$/, ['file_hash_mismatch']],
  [/^README\.md$/, ['file_hash_mismatch']],
  [/^SHA256SUMS$/, ['sha256sums_mismatch']],
];

describe('evidence package verifier', () => {
  it('accepts a fresh package, and the next one given the previous', () => {
    expect(verifyPackage(first.zip)).toMatchObject({ ok: true, breaks: [] });
    const v = verifyPackage(second.zip, {
      previous: first.zip,
      expectedFingerprint: first.manifest.publicKeyFingerprint,
    });
    expect(v.breaks).toEqual([]);
    expect(v.contents).toMatchObject({ evidence: 4, rows: { length: 6 }, digests: { length: 4 } });
  });

  it('builds the same bytes from the same input', () => {
    expect(packageOf(org).zip.equals(first.zip)).toBe(true);
  });

  const names = readZip(first.zip).map((e) => e.name);
  it('has a file of every kind the flips cover', () => {
    for (const [pattern] of FLIPS)
      expect(
        names.some((n) => pattern.test(n)),
        String(pattern),
      ).toBe(true);
  });

  it.each(names)('names a flipped byte in %s', (name) => {
    const zip = rezip(first.zip, (files) => files.set(name, flipByte(files.get(name)!)));
    const v = verifyPackage(zip);
    expect(v.ok).toBe(false);
    const expected = FLIPS.find(([p]) => p.test(name))![1];
    expect(
      v.breaks.some((b) => expected.includes(b.code)),
      JSON.stringify(v.breaks),
    ).toBe(true);
    if (name !== 'SHA256SUMS')
      expect(v.breaks).toContainEqual(
        expect.objectContaining({
          code: 'sha256sums_mismatch',
          message: expect.stringContaining(name),
        }),
      );
  });

  it('names a flipped byte in the ZIP itself and a truncated ZIP', () => {
    const damaged = Buffer.from(first.zip);
    damaged[200]! ^= 0xff;
    expect(codes(damaged)).toEqual(['zip_unreadable']);
    for (const cut of [first.zip.length - 1, Math.floor(first.zip.length / 2), 40]) {
      const v = verifyPackage(first.zip.subarray(0, cut));
      expect(v.breaks).toHaveLength(1);
      expect(v.breaks[0]).toMatchObject({
        code: 'zip_unreadable',
        message: expect.stringMatching(/truncated/),
      });
    }
  });

  it('names a file removed from or added to the package', () => {
    expect(codes(rezip(first.zip, (f) => f.delete('evidence/ev-2.json')))).toEqual([
      'sha256sums_mismatch',
      'missing_file',
    ]);
    expect(codes(rezip(first.zip, (f) => f.set('evidence/ev-9.json', Buffer.from('{}'))))).toEqual(
      expect.arrayContaining(['unlisted_file', 'sha256sums_incomplete', 'evidence_unreadable']),
    );
  });

  it('names deleted and reordered ledger rows', () => {
    const edit = (f: (rows: unknown[]) => unknown[]) =>
      rezip(first.zip, (files) =>
        files.set(
          'ledger.json',
          Buffer.from(JSON.stringify(f(JSON.parse(files.get('ledger.json')!.toString())))),
        ),
      );
    const deleted = verifyPackage(edit((rows) => rows.filter((_, i) => i !== 2))).breaks;
    expect(deleted).toContainEqual(
      expect.objectContaining({
        code: 'ledger_deleted',
        message: 'ledger.json: org-acme row 4: row 3 before it is missing',
      }),
    );
    expect(deleted.map((b) => b.code)).toContain('digest_root_mismatch');
    const reordered = verifyPackage(
      edit((rows) => [rows[0], rows[2], rows[1], ...rows.slice(3)]),
    ).breaks;
    expect(reordered).toContainEqual(
      expect.objectContaining({
        code: 'ledger_reordered',
        message: 'ledger.json: org-acme row 3: comes before row 2',
      }),
    );
    const lastGone = verifyPackage(edit((rows) => rows.slice(0, -1))).breaks.map((b) => b.code);
    expect(lastGone).toEqual(
      expect.arrayContaining(['ledger_manifest_mismatch', 'digest_root_mismatch']),
    );
  });

  it('names packages given in the wrong order', () => {
    const v = verifyPackage(first.zip, { previous: second.zip });
    expect(v.breaks.map((b) => b.code)).toEqual(['previous_newer']);
    expect(v.breaks[0]!.message).toContain('is newer than this one');
  });

  it('names a swapped key: the PEM alone, and everything re-signed with another key', () => {
    const other = generateSigningKey();
    const pemOnly = codes(
      rezip(first.zip, (f) => f.set('public-key.pem', Buffer.from(publicKeyPem(other.publicKey)))),
    );
    expect(pemOnly).toEqual(
      expect.arrayContaining([
        'public_key_mismatch',
        'manifest_signature_invalid',
        'digest_signature_invalid',
      ]),
    );
    const forged = packageOf({
      ...organization(other),
      ledger: org.ledger,
      evidence: org.evidence,
    });
    expect(codes(forged.zip)).toEqual([]);
    const withPrevious = verifyPackage(forged.zip, { previous: first.zip }).breaks.map(
      (b) => b.code,
    );
    expect(withPrevious).toContain('previous_key_mismatch');
    const published = verifyPackage(forged.zip, {
      expectedFingerprint: first.manifest.publicKeyFingerprint,
    });
    expect(published.breaks.map((b) => b.code)).toEqual(['public_key_unexpected']);
  });

  it('names a ledger rewritten by someone holding the key, against the previous package', () => {
    const next = later(org, first);
    // Row 2 dropped and everything after renumbered, relinked and signed afresh.
    const rewritten = appendRows(
      undefined,
      next.ledger.filter((r) => r.seq !== 2).map(({ seq: _s, prevHash: _p, hash: _h, ...e }) => e),
    );
    const forged = packageOf({ ...next, ledger: rewritten, digests: [] }, '2026-12-08T12:00:00Z');
    expect(codes(forged.zip)).toEqual([]);
    const breaks = verifyPackage(forged.zip, { previous: first.zip }).breaks;
    expect(breaks.map((b) => b.code)).toEqual(['previous_not_continued', 'previous_not_continued']);
    expect(breaks[0]!.message).toContain('digest 1 differs');
    expect(breaks[1]!.message).toContain('ledger row 2 differs');
  });

  it('names a previous package that is not the one this package follows', () => {
    // Same ledger and digests as the first package, but another manifest.
    const sibling = packageOf({ ...org, digests: first.digests }, '2026-12-01T12:30:00Z');
    expect(codes(second.zip, sibling.zip)).toEqual(['previous_not_referenced']);
    // A fork: its own last digest, not the one the second package continues.
    const fork = packageOf(org, '2026-12-01T13:00:00Z');
    expect(codes(second.zip, fork.zip)).toEqual([
      'previous_not_continued',
      'previous_not_referenced',
    ]);
  });
});
