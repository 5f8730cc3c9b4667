// What an evidence package holds and where: shared by the builder and the verifier.
import type { JsonValue } from '../canonical/jcs.ts';

export const PACKAGE_FORMAT = 'netguard-evidence-package/1' as const;

export const PATHS = {
  manifest: 'manifest.json',
  manifestSignature: 'manifest.sig',
  sums: 'SHA256SUMS',
  publicKey: 'public-key.pem',
  ledger: 'ledger.json',
  oscal: 'assessment-results.json',
  readme: 'README.md',
  timestamp: 'manifest.tsr',
} as const;

/**
 * Files the manifest cannot list: itself, its signature, its RFC 3161 timestamp, and the
 * checksum list over them.
 */
export const UNLISTED = new Set<string>([
  PATHS.manifest,
  PATHS.manifestSignature,
  PATHS.timestamp,
  PATHS.sums,
]);

const safe = (s: string) => s.replace(/[^A-Za-z0-9._-]+/g, '_').replace(/^\.+/, '_');

export const evidencePath = (id: string) => `evidence/${safe(id)}.json`;
export const attachmentPath = (id: string, name: string) => `evidence/${safe(id)}/${safe(name)}`;

/** digests/0001.json (the digest), .tbs (the bytes signed) and .sig (the raw signature). */
export const digestPaths = (n: number) => {
  const base = `digests/${String(n).padStart(4, '0')}`;
  return { json: `${base}.json`, tbs: `${base}.tbs`, sig: `${base}.sig` };
};

export type ManifestFile = {
  path: string;
  sha256: string;
  size: number;
  /** `framework:id` of the requirements the file is evidence for. */
  requirementIds: string[];
  /** When the evidence's fact was observed; null for the package's own files. */
  observedAt: string | null;
};

/** A reference to the package this one follows. */
export type PreviousPackageRef = {
  manifestSha256: string;
  createdAt: string;
  lastDigestSignature: string;
};

export type Manifest = {
  format: typeof PACKAGE_FORMAT;
  organizationId: string;
  createdAt: string;
  publicKeyFingerprint: string;
  /** RFC 6962 Merkle root of the files' SHA-256 values in the order listed (by path). */
  merkleRoot: string;
  files: ManifestFile[];
  ledger: { rows: number; lastHash: string };
  digests: { count: number; lastSignature: string };
  previousPackage: PreviousPackageRef | null;
};

export const asJson = (m: Manifest) => m as unknown as JsonValue;
