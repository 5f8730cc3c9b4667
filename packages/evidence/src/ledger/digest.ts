// Signed digests in the manner of AWS CloudTrail's digest files: each digest covers the ledger
// rows written since the previous digest (by seq range), holds their RFC 6962 Merkle root and the
// previous digest's signature, and is signed with the organisation's Ed25519 key. The signed bytes
// are the digest's canonical JSON without its signature, so every field is covered.
import type { KeyObject } from 'node:crypto';
import { canonicalBytes } from '../canonical/jcs.ts';
import type { LedgerRow } from './chain.ts';
import { keyFingerprint, type SigningKey, signBytes, verifyBytes } from './keys.ts';
import { merkleRootOfHashes } from './merkle.ts';

export type Digest = {
  version: 1;
  organizationId: string;
  /** When the digest was made. */
  digestTime: string;
  /** The first and last ledger seq covered; toSeq < fromSeq for a digest of no rows. */
  fromSeq: number;
  toSeq: number;
  /** RFC 6962 Merkle root of the covered rows' hashes, in seq order. */
  merkleRoot: string;
  /** The previous digest's signature (base64), null for the first digest. */
  previousSignature: string | null;
  publicKeyFingerprint: string;
  /** Ed25519 signature (base64) of digestSigningBytes(digest). */
  signature: string;
};

/** The bytes the signature covers: the canonical JSON of the digest without `signature`. */
export function digestSigningBytes(
  digest: Omit<Digest, 'signature'> & { signature?: string },
): Buffer {
  const { signature: _, ...unsigned } = digest;
  return canonicalBytes(unsigned);
}

/** The digest of `rows` (the organisation's rows after `previous`'s, in seq order), signed. */
export function createDigest(options: {
  rows: LedgerRow[];
  previous?: Digest;
  digestTime: string;
  organizationId: string;
  key: SigningKey;
}): Digest {
  const { rows, previous, key } = options;
  const fromSeq = (previous?.toSeq ?? 0) + 1;
  rows.forEach((r, i) => {
    if (r.seq !== fromSeq + i || r.organizationId !== options.organizationId)
      throw new Error(`a digest covers consecutive rows of one organization from ${fromSeq}`);
  });
  const unsigned = {
    version: 1 as const,
    organizationId: options.organizationId,
    digestTime: options.digestTime,
    fromSeq,
    toSeq: fromSeq + rows.length - 1,
    merkleRoot: merkleRootOfHashes(rows.map((r) => r.hash)),
    previousSignature: previous?.signature ?? null,
    publicKeyFingerprint: keyFingerprint(key.publicKey),
  };
  return {
    ...unsigned,
    signature: signBytes(digestSigningBytes(unsigned), key.privateKey).toString('base64'),
  };
}

export type DigestBreakKind =
  | 'digest_signature_invalid'
  | 'digest_key_mismatch'
  | 'digest_chain_broken'
  | 'digest_root_mismatch'
  | 'rows_not_covered';

export type DigestBreak = { digest: number; kind: DigestBreakKind; message: string };

/**
 * Checks a digest chain against the public key and the ledger rows: each signature, each link to
 * the previous digest (signature, seq range, time order) and each Merkle root over the rows it
 * covers; rows past the last digest are reported as not covered.
 */
export function verifyDigestChain(
  digests: Digest[],
  rows: LedgerRow[],
  publicKey: KeyObject | string,
): DigestBreak[] {
  const breaks: DigestBreak[] = [];
  const fingerprint = keyFingerprint(publicKey);
  // Rows by organisation and seq, built once: every digest then reads only the rows it covers.
  const index = new Map<string, Map<number, LedgerRow[]>>();
  const lastSeqOf = new Map<string, number>();
  for (const r of rows) {
    const org = index.get(r.organizationId) ?? new Map<number, LedgerRow[]>();
    index.set(r.organizationId, org);
    org.set(r.seq, [...(org.get(r.seq) ?? []), r]);
    lastSeqOf.set(r.organizationId, Math.max(lastSeqOf.get(r.organizationId) ?? 0, r.seq));
  }
  const rowsBetween = (org: string, from: number, to: number) => {
    const covered: LedgerRow[] = [];
    for (let seq = from, end = Math.min(to, lastSeqOf.get(org) ?? 0); seq <= end; seq++)
      covered.push(...(index.get(org)?.get(seq) ?? []));
    return covered;
  };
  const add = (digest: number, kind: DigestBreakKind, message: string) =>
    breaks.push({ digest, kind, message: `digest ${digest}: ${message}` });
  digests.forEach((d, i) => {
    const n = i + 1;
    const previous = digests[i - 1];
    if (!verifyBytes(digestSigningBytes(d), Buffer.from(d.signature, 'base64'), publicKey))
      add(
        n,
        'digest_signature_invalid',
        'the signature does not verify with the package’s public key',
      );
    if (d.publicKeyFingerprint !== fingerprint)
      add(n, 'digest_key_mismatch', `signed by key ${d.publicKeyFingerprint}, not ${fingerprint}`);
    if (d.previousSignature !== (previous?.signature ?? null))
      add(n, 'digest_chain_broken', `does not carry the signature of digest ${i || 'none'}`);
    if (d.fromSeq !== (previous?.toSeq ?? 0) + 1)
      add(
        n,
        'digest_chain_broken',
        `starts at row ${d.fromSeq}, not after row ${previous?.toSeq ?? 0}`,
      );
    if (previous && Date.parse(d.digestTime) < Date.parse(previous.digestTime))
      add(
        n,
        'digest_chain_broken',
        `dated ${d.digestTime}, before digest ${i} (${previous.digestTime})`,
      );
    const covered = rowsBetween(d.organizationId, d.fromSeq, d.toSeq);
    if (merkleRootOfHashes(covered.map((r) => r.hash)) !== d.merkleRoot)
      add(
        n,
        'digest_root_mismatch',
        `the Merkle root of rows ${d.fromSeq}-${d.toSeq} is not the signed one`,
      );
  });
  const signedUpTo = digests.at(-1)?.toSeq ?? 0;
  const uncovered = rows.filter((r) => r.seq > signedUpTo).map((r) => r.seq);
  if (uncovered.length)
    add(
      digests.length,
      'rows_not_covered',
      `${uncovered.length > 1 ? 'rows' : 'row'} ${uncovered.join(', ')} ${uncovered.length > 1 ? 'are' : 'is'} not covered by any signed digest`,
    );
  return breaks;
}
