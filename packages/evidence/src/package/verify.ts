// The standalone verifier: everything an auditor needs to trust a package without NetGuard.
// Every hash, the Merkle root, the signatures, the ledger and digest chains, and (given the
// package received before) that this one continues it with the same key.
import type { X509Certificate } from 'node:crypto';
import { sha256Hex } from '../canonical/hash.ts';
import type { LedgerRow } from '../ledger/chain.ts';
import type { Digest } from '../ledger/digest.ts';
import { Breaks, type PackageBreak } from './breaks.ts';
import { type Manifest, PATHS } from './layout.ts';
import { checkPackageTimestamp, type TimestampInfo } from './timestamp.ts';
import { checkManifest } from './verify-manifest.ts';
import { checkDigests, checkEvidence, checkLedger, checkOscal } from './verify-records.ts';
import { readZip, ZipError } from './zip.ts';

export type PackageContents = {
  manifest?: Manifest;
  manifestSha256?: string;
  rows: LedgerRow[];
  digests: Digest[];
  evidence: number;
  /** The RFC 3161 timestamp of manifest.json, when the package has one. */
  timestamp?: TimestampInfo;
};

export type PackageVerification = {
  ok: boolean;
  breaks: PackageBreak[];
  contents: PackageContents;
};

export type VerifyOptions = {
  /** The package received before this one. */
  previous?: Buffer;
  /** The key fingerprint the organisation publishes (the Compliance Evidence page). */
  expectedFingerprint?: string;
  /** CA certificates of the time-stamping authorities trusted for manifest.tsr. */
  tsaTrusted?: X509Certificate[];
};

function readFiles(
  zip: Buffer,
  breaks: Breaks,
  label = 'the package',
): Map<string, Buffer> | undefined {
  try {
    return new Map(readZip(zip).map((e) => [e.name, e.data]));
  } catch (error) {
    if (!(error instanceof ZipError)) throw error;
    breaks.add(
      label === 'the package' ? 'zip_unreadable' : 'previous_unreadable',
      `${label} cannot be read: ${error.message}`,
    );
    return undefined;
  }
}

function verifyOne(zip: Buffer, breaks: Breaks, options: VerifyOptions = {}): PackageContents {
  const files = readFiles(zip, breaks);
  if (!files) return { rows: [], digests: [], evidence: 0 };
  const { manifest, publicKey } = checkManifest(files, breaks, options.expectedFingerprint);
  const rows = checkLedger(files, manifest, breaks);
  const digests = checkDigests(files, manifest, rows, publicKey, breaks);
  const evidence = checkEvidence(files, rows, breaks);
  checkOscal(files, breaks);
  const timestamp = checkPackageTimestamp(files, breaks, options.tsaTrusted);
  const bytes = files.get(PATHS.manifest);
  return {
    manifest,
    manifestSha256: bytes && sha256Hex(bytes),
    rows,
    digests,
    evidence,
    ...(timestamp ? { timestamp } : {}),
  };
}

function checkPrevious(current: PackageContents, previousZip: Buffer, breaks: Breaks): void {
  const own = new Breaks();
  const prev = verifyOne(previousZip, own);
  for (const b of own.list)
    breaks.add(
      b.code === 'zip_unreadable' ? 'previous_unreadable' : 'previous_invalid',
      `previous package: ${b.message}`,
    );
  const [p, c] = [prev.manifest, current.manifest];
  if (!p || !c) return;
  if (p.publicKeyFingerprint !== c.publicKeyFingerprint)
    breaks.add(
      'previous_key_mismatch',
      `this package is signed by key ${c.publicKeyFingerprint}, the previous one by ${p.publicKeyFingerprint}`,
    );
  if (p.organizationId !== c.organizationId)
    breaks.add(
      'previous_not_continued',
      `the previous package is for ${p.organizationId}, this one for ${c.organizationId}`,
    );
  // Newer: made later, or its digest chain extends this package's.
  const extendsThis = current.digests.every((d, i) => prev.digests[i]?.signature === d.signature);
  const longer = prev.digests.length > current.digests.length;
  if (Date.parse(p.createdAt) > Date.parse(c.createdAt) || (longer && extendsThis)) {
    breaks.add(
      'previous_newer',
      `the previous package (${p.createdAt}, ${prev.digests.length} digests) is newer than this one (${c.createdAt}, ${current.digests.length} digests)`,
    );
    return;
  }
  const forked = prev.digests.findIndex((d, i) => current.digests[i]?.signature !== d.signature);
  if (forked >= 0)
    breaks.add(
      'previous_not_continued',
      `digest ${forked + 1} differs from the previous package's: the digest chain was rewritten`,
    );
  const rowsBySeq = new Map(current.rows.map((r) => [r.seq, r.hash]));
  const changed = prev.rows.find((r) => rowsBySeq.get(r.seq) !== r.hash);
  if (changed)
    breaks.add(
      'previous_not_continued',
      `ledger row ${changed.seq} differs from the previous package's (changed or deleted since)`,
    );
  if (c.previousPackage && c.previousPackage.manifestSha256 !== prev.manifestSha256)
    breaks.add(
      'previous_not_referenced',
      `this package follows manifest ${c.previousPackage.manifestSha256}, not the given previous package (${prev.manifestSha256})`,
    );
}

/** Verifies a package (and its link to the previous one); ok only when nothing is broken. */
export function verifyPackage(zip: Buffer, options: VerifyOptions = {}): PackageVerification {
  const breaks = new Breaks();
  const contents = verifyOne(zip, breaks, options);
  if (options.previous && contents.manifest) checkPrevious(contents, options.previous, breaks);
  return { ok: breaks.list.length === 0, breaks: breaks.list, contents };
}
