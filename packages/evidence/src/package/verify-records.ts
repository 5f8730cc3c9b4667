// The records inside a package: the ledger chain, the signed digests (their files agree, their
// chain holds, their Merkle roots match the ledger), each evidence item's hash and its place in
// the ledger, each attachment's hash, and the OSCAL document's required fields.
import type { KeyObject } from 'node:crypto';
import { sha256Hex } from '../canonical/hash.ts';
import { canonicalize } from '../canonical/jcs.ts';
import { type LedgerRow, verifyChain } from '../ledger/chain.ts';
import { type Digest, digestSigningBytes, verifyDigestChain } from '../ledger/digest.ts';
import { type EvidenceItem, hashMatches } from '../model/evidence.ts';
import type { Breaks } from './breaks.ts';
import { attachmentPath, digestPaths, type Manifest, PATHS } from './layout.ts';

export function checkLedger(
  files: Map<string, Buffer>,
  manifest: Manifest | undefined,
  breaks: Breaks,
): LedgerRow[] {
  const rows = breaks.json<LedgerRow[]>(files, PATHS.ledger, 'ledger_unreadable');
  if (!rows) return [];
  if (!Array.isArray(rows)) {
    breaks.add('ledger_unreadable', 'not a list of rows', PATHS.ledger);
    return [];
  }
  for (const b of verifyChain(rows).breaks) breaks.add(`ledger_${b.kind}`, b.message, PATHS.ledger);
  if (
    manifest &&
    (manifest.ledger?.rows !== rows.length ||
      manifest.ledger?.lastHash !== (rows.at(-1)?.hash ?? ''))
  )
    breaks.add(
      'ledger_manifest_mismatch',
      `${rows.length} rows ending ${rows.at(-1)?.hash ?? 'nowhere'}; the manifest says ${manifest.ledger?.rows} ending ${manifest.ledger?.lastHash}`,
      PATHS.ledger,
    );
  return rows;
}

function readDigests(files: Map<string, Buffer>, breaks: Breaks): Digest[] {
  const digests: Digest[] = [];
  for (let n = 1; files.has(digestPaths(n).json); n++) {
    const p = digestPaths(n);
    const d = breaks.json<Digest>(files, p.json, 'digest_unreadable');
    if (!d) break;
    digests.push(d);
    const tbs = files.get(p.tbs);
    const sig = files.get(p.sig);
    if (!tbs || !digestSigningBytes(d).equals(tbs))
      breaks.add('digest_files_disagree', `is not the bytes ${p.json} signs`, p.tbs);
    if (!sig || !Buffer.from(d.signature ?? '', 'base64').equals(sig))
      breaks.add('digest_files_disagree', `is not the signature in ${p.json}`, p.sig);
  }
  return digests;
}

export function checkDigests(
  files: Map<string, Buffer>,
  manifest: Manifest | undefined,
  rows: LedgerRow[],
  publicKey: KeyObject | undefined,
  breaks: Breaks,
): Digest[] {
  const digests = readDigests(files, breaks);
  if (digests.length === 0) breaks.add('digest_unreadable', 'the package holds no signed digest');
  if (publicKey)
    for (const b of verifyDigestChain(digests, rows, publicKey))
      breaks.add(b.kind, b.message, digestPaths(b.digest).json);
  if (
    manifest &&
    (manifest.digests?.count !== digests.length ||
      manifest.digests?.lastSignature !== digests.at(-1)?.signature)
  )
    breaks.add(
      'digest_chain_broken',
      `the package holds ${digests.length} digests; the manifest lists ${manifest.digests?.count} ending with another signature`,
      PATHS.manifest,
    );
  return digests;
}

function isEvidence(item: EvidenceItem): boolean {
  try {
    hashMatches(item);
    return typeof item.contentHash === 'string' && Array.isArray(item.attachments ?? []);
  } catch {
    return false;
  }
}

export function checkEvidence(
  files: Map<string, Buffer>,
  rows: LedgerRow[],
  breaks: Breaks,
): number {
  let count = 0;
  const recorded = new Set(rows.map((r) => `${r.evidenceId}\n${r.contentHash}`));
  for (const path of [...files.keys()].filter((p) => /^evidence\/[^/]+\.json$/.test(p))) {
    const item = breaks.json<EvidenceItem>(files, path, 'evidence_unreadable');
    if (!item) continue;
    count++;
    if (!isEvidence(item)) {
      breaks.add('evidence_unreadable', 'not an evidence item', path);
      continue;
    }
    if (!hashMatches(item)) {
      breaks.add(
        'evidence_hash_mismatch',
        `its content does not match its hash ${item.contentHash}`,
        path,
      );
      continue;
    }
    if (canonicalize(item) !== files.get(path)!.toString('utf8'))
      breaks.add('evidence_unreadable', 'not in RFC 8785 canonical form', path);
    if (!recorded.has(`${item.id}\n${item.contentHash}`))
      breaks.add(
        'evidence_not_in_ledger',
        `no ledger row records ${item.id} with hash ${item.contentHash}`,
        path,
      );
    for (const a of item.attachments ?? []) {
      const p = attachmentPath(item.id, a.name);
      const data = files.get(p);
      if (!data) breaks.add('missing_file', `attachment of ${item.id}`, p);
      else if (sha256Hex(data) !== a.sha256)
        breaks.add(
          'attachment_hash_mismatch',
          `SHA-256 is not the ${a.sha256} that ${item.id} records`,
          p,
        );
    }
  }
  return count;
}

/** The Assessment Results fields the OSCAL schema requires, checked where they are. */
export function checkOscal(files: Map<string, Buffer>, breaks: Breaks): void {
  const doc = breaks.json<{ 'assessment-results'?: Record<string, unknown> }>(
    files,
    PATHS.oscal,
    'oscal_invalid',
  );
  if (!doc) return;
  const ar = doc['assessment-results'];
  const missing = (o: unknown, keys: string[]) =>
    keys.filter((k) => !o || typeof o !== 'object' || !(k in o));
  const gaps = [
    ...missing(ar, ['uuid', 'metadata', 'import-ap', 'results']),
    ...missing(ar?.metadata, ['title', 'last-modified', 'version', 'oscal-version']).map(
      (k) => `metadata.${k}`,
    ),
  ];
  const results = Array.isArray(ar?.results) ? (ar.results as Record<string, unknown>[]) : [];
  for (const r of results)
    gaps.push(
      ...missing(r, ['uuid', 'title', 'description', 'start', 'reviewed-controls']).map(
        (k) => `result.${k}`,
      ),
    );
  if (gaps.length) breaks.add('oscal_invalid', `missing ${gaps.join(', ')}`, PATHS.oscal);
}
