// Export Evidence Package: a ZIP with every evidence file, the canonical manifest and its
// signature, the ledger, the signed digest chain (extended to cover every row), the public key,
// OSCAL Assessment Results, SHA256SUMS and the auditor's README.
import { sha256Hex } from '../canonical/hash.ts';
import { canonicalBytes } from '../canonical/jcs.ts';
import type { LedgerRow } from '../ledger/chain.ts';
import { createDigest, type Digest, digestSigningBytes } from '../ledger/digest.ts';
import { keyFingerprint, publicKeyPem, type SigningKey, signBytes } from '../ledger/keys.ts';
import { merkleRootOfHashes } from '../ledger/merkle.ts';
import type { EvidenceItem } from '../model/evidence.ts';
import {
  asJson,
  attachmentPath,
  digestPaths,
  evidencePath,
  type Manifest,
  type ManifestFile,
  PACKAGE_FORMAT,
  PATHS,
  type PreviousPackageRef,
} from './layout.ts';
import { assessmentResults, type RequirementFinding } from './oscal.ts';
import { auditorReadme } from './readme.ts';
import { writeZip } from './zip.ts';

export type PackageAttachment = { evidenceId: string; name: string; data: Buffer };

export type PackageInput = {
  organizationId: string;
  createdAt: string;
  key: SigningKey;
  evidence: EvidenceItem[];
  attachments?: PackageAttachment[];
  /** The organisation's ledger from row 1. */
  ledger: LedgerRow[];
  /** Its digest chain so far; a digest of the rows after the last one is added. */
  digests: Digest[];
  findings: RequirementFinding[];
  previous?: PreviousPackageRef;
};

export type BuiltPackage = {
  zip: Buffer;
  manifest: Manifest;
  manifestSha256: string;
  digests: Digest[];
};

type File = { path: string; data: Buffer; requirementIds?: string[]; observedAt?: string };

function coveringDigests(input: PackageInput): Digest[] {
  const digests = [...input.digests];
  const last = digests.at(-1);
  const rest = input.ledger.filter((r) => r.seq > (last?.toSeq ?? 0));
  if (rest.length > 0 || !last)
    digests.push(
      createDigest({
        rows: rest,
        previous: last,
        digestTime: input.createdAt,
        organizationId: input.organizationId,
        key: input.key,
      }),
    );
  return digests;
}

function evidenceFiles(input: PackageInput): File[] {
  return input.evidence.flatMap((item) => {
    const meta = {
      requirementIds: item.requirements.map((r) => `${r.framework}:${r.id}`),
      observedAt: item.observedAt,
    };
    const attached = (input.attachments ?? []).filter((a) => a.evidenceId === item.id);
    return [
      { path: evidencePath(item.id), data: canonicalBytes(item), ...meta },
      ...attached.map((a) => ({ path: attachmentPath(item.id, a.name), data: a.data, ...meta })),
    ];
  });
}

function digestFiles(digests: Digest[]): File[] {
  return digests.flatMap((d, i) => {
    const p = digestPaths(i + 1);
    return [
      { path: p.json, data: canonicalBytes(d) },
      { path: p.tbs, data: digestSigningBytes(d) },
      { path: p.sig, data: Buffer.from(d.signature, 'base64') },
    ];
  });
}

/** Builds the package; the same input gives the same bytes. */
export function buildPackage(input: PackageInput): BuiltPackage {
  const digests = coveringDigests(input);
  const fingerprint = keyFingerprint(input.key.publicKey);
  const oscal = assessmentResults({ ...input, hrefOf: (item) => evidencePath(item.id) });
  const files: File[] = [
    ...evidenceFiles(input),
    { path: PATHS.ledger, data: canonicalBytes(input.ledger) },
    ...digestFiles(digests),
    { path: PATHS.publicKey, data: Buffer.from(publicKeyPem(input.key.publicKey)) },
    { path: PATHS.oscal, data: Buffer.from(`${JSON.stringify(oscal, null, 2)}\n`) },
  ].sort((a, b) => (a.path < b.path ? -1 : 1));
  const listed: ManifestFile[] = files.map((f) => ({
    path: f.path,
    sha256: sha256Hex(f.data),
    size: f.data.length,
    requirementIds: f.requirementIds ?? [],
    observedAt: f.observedAt ?? null,
  }));
  const lastRow = input.ledger.at(-1);
  const partial: Omit<Manifest, 'merkleRoot' | 'files'> = {
    format: PACKAGE_FORMAT,
    organizationId: input.organizationId,
    createdAt: input.createdAt,
    publicKeyFingerprint: fingerprint,
    ledger: { rows: input.ledger.length, lastHash: lastRow?.hash ?? '' },
    digests: { count: digests.length, lastSignature: digests.at(-1)!.signature },
    previousPackage: input.previous ?? null,
  };
  const readme = Buffer.from(auditorReadme(partial));
  listed.push({
    path: PATHS.readme,
    sha256: sha256Hex(readme),
    size: readme.length,
    requirementIds: [],
    observedAt: null,
  });
  listed.sort((a, b) => (a.path < b.path ? -1 : 1));
  const manifest: Manifest = {
    ...partial,
    merkleRoot: merkleRootOfHashes(listed.map((f) => f.sha256)),
    files: listed,
  };
  const manifestBytes = canonicalBytes(asJson(manifest));
  const signature = signBytes(manifestBytes, input.key.privateKey);
  const all = [
    ...files,
    { path: PATHS.readme, data: readme },
    { path: PATHS.manifest, data: manifestBytes },
    { path: PATHS.manifestSignature, data: signature },
  ].sort((a, b) => (a.path < b.path ? -1 : 1));
  const sums = all.map((f) => `${sha256Hex(f.data)}  ${f.path}\n`).join('');
  const entries = [...all, { path: PATHS.sums, data: Buffer.from(sums) }].map((f) => ({
    name: f.path,
    data: f.data,
  }));
  return {
    zip: writeZip(entries, new Date(input.createdAt)),
    manifest,
    manifestSha256: sha256Hex(manifestBytes),
    digests,
  };
}
