// The README an auditor reads first: how to check the package with standard tools only.
import type { Manifest } from './layout.ts';
import { OSCAL_VERSION } from './oscal.ts';

/** The auditor's README for a package. */
export function auditorReadme(m: Omit<Manifest, 'merkleRoot' | 'files'>): string {
  return `# NetGuard evidence package

Organization: ${m.organizationId}
Created: ${m.createdAt}
Public key fingerprint (SHA-256 of the DER public key): ${m.publicKeyFingerprint}
Ledger rows: ${m.ledger.rows}; signed digests: ${m.digests.count}

Everything here can be checked without NetGuard, its server or its database.

## Contents

- \`evidence/\`: each evidence item as canonical JSON (RFC 8785) and its attached files.
- \`manifest.json\`: canonical JSON listing every file with its SHA-256, size, the requirements
  it is evidence for and when its fact was observed; \`manifest.sig\` is its Ed25519 signature.
- \`ledger.json\`: the append-only evidence ledger; each row carries the hash of the previous one.
- \`digests/NNNN.json\`: the signed digests. Each covers the ledger rows since the previous
  digest (their RFC 6962 Merkle root) and carries the previous digest's signature;
  \`NNNN.tbs\` holds the exact bytes signed and \`NNNN.sig\` the raw signature.
- \`assessment-results.json\`: OSCAL ${OSCAL_VERSION} Assessment Results (observations are the evidence
  with hashes, findings the requirement statuses).
- \`public-key.pem\`: the organization's Ed25519 public key.
- \`SHA256SUMS\`: the SHA-256 of every other file.

## Checking it

1. Every file is intact:

       sha256sum -c SHA256SUMS

2. The key is the organization's: compare this with the fingerprint NetGuard shows on the
   Compliance Evidence page (and in the previous package you received):

       openssl pkey -pubin -in public-key.pem -outform DER | sha256sum

3. The manifest is signed by that key:

       openssl pkeyutl -verify -pubin -inkey public-key.pem -rawin -in manifest.json -sigfile manifest.sig

4. Every digest is signed by that key:

       for f in digests/*.tbs; do openssl pkeyutl -verify -pubin -inkey public-key.pem -rawin -in "$f" -sigfile "\${f%.tbs}.sig"; done

5. All of it, and the Merkle roots, the ledger chain, the digest chain and the link to the
   package you received before:

       npx netguard-evidence verify this-package.zip --previous the-previous-package.zip

6. If the package holds \`manifest.tsr\`, an RFC 3161 timestamp of manifest.json from a
   time-stamping authority, it shows the package existed at that time:

       openssl ts -verify -token_in -in manifest.tsr -data manifest.json -CAfile <the TSA's CA certificate>

The Merkle roots follow RFC 6962 section 2.1: a leaf is SHA-256(0x00 || the 32-byte hash), an
inner node SHA-256(0x01 || left || right), splitting at the largest power of two below the size.
`;
}
