// The package's files against its manifest: canonical form, the public key and its fingerprint,
// the manifest's signature, every file's SHA-256 and size, the Merkle root and SHA256SUMS.
import { createPublicKey, type KeyObject } from 'node:crypto';
import { sha256Hex } from '../canonical/hash.ts';
import { canonicalize } from '../canonical/jcs.ts';
import { keyFingerprint, verifyBytes } from '../ledger/keys.ts';
import { merkleRootOfHashes } from '../ledger/merkle.ts';
import type { Breaks } from './breaks.ts';
import { type Manifest, PATHS, UNLISTED } from './layout.ts';

export type ManifestCheck = { manifest?: Manifest; publicKey?: KeyObject };

function readKey(files: Map<string, Buffer>, breaks: Breaks): KeyObject | undefined {
  const pem = files.get(PATHS.publicKey);
  if (!pem) return undefined;
  try {
    const key = createPublicKey(pem);
    if (key.asymmetricKeyType === 'ed25519') return key;
  } catch {}
  breaks.add('public_key_unreadable', 'not an Ed25519 public key in PEM', PATHS.publicKey);
  return undefined;
}

function checkFiles(files: Map<string, Buffer>, manifest: Manifest, breaks: Breaks): void {
  const listed = new Set<string>();
  for (const f of manifest.files ?? []) {
    listed.add(f.path);
    const data = files.get(f.path);
    if (!data) breaks.add('missing_file', 'listed in the manifest but not in the package', f.path);
    else if (sha256Hex(data) !== f.sha256)
      breaks.add(
        'file_hash_mismatch',
        `SHA-256 is ${sha256Hex(data)}, the manifest says ${f.sha256}`,
        f.path,
      );
    else if (data.length !== f.size)
      breaks.add('file_size_mismatch', `${data.length} bytes, the manifest says ${f.size}`, f.path);
  }
  for (const path of files.keys())
    if (!listed.has(path) && !UNLISTED.has(path))
      breaks.add('unlisted_file', 'in the package but not in the manifest', path);
  const root = merkleRootOfHashes((manifest.files ?? []).map((f) => f.sha256));
  if (root !== manifest.merkleRoot)
    breaks.add(
      'merkle_root_mismatch',
      `the files' Merkle root is ${root}, the manifest says ${manifest.merkleRoot}`,
      PATHS.manifest,
    );
}

function checkSums(files: Map<string, Buffer>, breaks: Breaks): void {
  const sums = files.get(PATHS.sums);
  if (!sums) return;
  const covered = new Set<string>();
  for (const line of sums.toString('utf8').split('\n').filter(Boolean)) {
    const m = /^([0-9a-f]{64}) [ *](.+)$/.exec(line);
    if (!m) {
      breaks.add(
        'sha256sums_mismatch',
        `unreadable line ${JSON.stringify(line.slice(0, 80))}`,
        PATHS.sums,
      );
      continue;
    }
    const [, hash, path] = m as unknown as [string, string, string];
    covered.add(path);
    const data = files.get(path);
    if (!data)
      breaks.add('sha256sums_mismatch', `lists ${path}, which is not in the package`, PATHS.sums);
    else if (sha256Hex(data) !== hash)
      breaks.add('sha256sums_mismatch', `the SHA-256 of ${path} is not ${hash}`, PATHS.sums);
  }
  for (const path of files.keys())
    if (path !== PATHS.sums && !covered.has(path))
      breaks.add('sha256sums_incomplete', `does not list ${path}`, PATHS.sums);
}

/** Checks the manifest and everything it lists; returns the manifest and key when readable. */
export function checkManifest(
  files: Map<string, Buffer>,
  breaks: Breaks,
  expectedFingerprint?: string,
): ManifestCheck {
  for (const path of [
    PATHS.manifest,
    PATHS.manifestSignature,
    PATHS.sums,
    PATHS.publicKey,
    PATHS.ledger,
  ])
    if (!files.has(path)) breaks.add('missing_file', 'required and absent', path);
  checkSums(files, breaks);
  const publicKey = readKey(files, breaks);
  const manifest = breaks.json<Manifest>(files, PATHS.manifest, 'manifest_unreadable');
  if (!manifest) return { publicKey };
  const bytes = files.get(PATHS.manifest)!;
  if (canonicalize(manifest) !== bytes.toString('utf8'))
    breaks.add('manifest_not_canonical', 'not in RFC 8785 canonical form', PATHS.manifest);
  if (publicKey) {
    const fingerprint = keyFingerprint(publicKey);
    if (fingerprint !== manifest.publicKeyFingerprint)
      breaks.add(
        'public_key_mismatch',
        `fingerprint ${fingerprint}, the manifest says ${manifest.publicKeyFingerprint}`,
        PATHS.publicKey,
      );
    if (expectedFingerprint && fingerprint !== expectedFingerprint.toLowerCase())
      breaks.add(
        'public_key_unexpected',
        `fingerprint ${fingerprint}, expected ${expectedFingerprint}`,
        PATHS.publicKey,
      );
    const signature = files.get(PATHS.manifestSignature);
    if (signature && !verifyBytes(bytes, signature, publicKey))
      breaks.add(
        'manifest_signature_invalid',
        'the signature of manifest.json does not verify with public-key.pem',
        PATHS.manifestSignature,
      );
  }
  checkFiles(files, manifest, breaks);
  return { manifest, publicKey };
}
