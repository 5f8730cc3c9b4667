export const USAGE = `netguard-evidence: checks a NetGuard evidence package offline (no server, no database)

Usage:
  netguard-evidence verify <package.zip> [--previous <older.zip>] [--fingerprint <sha256>]
                           [--tsa-ca <ca.pem>] [--json]

  verify         checks every file's SHA-256 against manifest.json and SHA256SUMS, the Merkle
                 root, the manifest's and every digest's Ed25519 signature, the digest chain,
                 the ledger chain and each evidence item's hash.
  --previous     the package received before this one: same key, not newer, and this package's
                 digests and ledger continue it.
  --fingerprint  the key fingerprint the organization publishes (Compliance Evidence page).
  --tsa-ca       the CA certificate(s) (PEM) of the time-stamping authority: checks the
                 signature of manifest.tsr, the package's RFC 3161 timestamp, when it has one.
  --json         the result as JSON.

Exit status: 0 when everything holds, 1 when anything is broken (each break is named),
2 on a usage error.
`;
