// Merkle tree hash as RFC 6962 section 2.1 defines it (Certificate Transparency): a leaf is
// SHA-256(0x00 || data), an inner node SHA-256(0x01 || left || right), and a tree of n > 1
// leaves splits at the largest power of two below n. The 0x00/0x01 prefixes keep a leaf from
// passing for an inner node (second-preimage attacks); the empty tree is SHA-256 of nothing.
import { createHash } from 'node:crypto';

const LEAF = Buffer.from([0x00]);
const NODE = Buffer.from([0x01]);

const sha256 = (...parts: Uint8Array[]) => {
  const h = createHash('sha256');
  for (const p of parts) h.update(p);
  return h.digest();
};

function treeHash(leaves: readonly Uint8Array[], from: number, to: number): Buffer {
  const n = to - from;
  if (n === 1) return sha256(LEAF, leaves[from]!);
  let k = 1;
  while (k * 2 < n) k *= 2;
  return sha256(NODE, treeHash(leaves, from, from + k), treeHash(leaves, from + k, to));
}

/** RFC 6962 Merkle tree hash of the leaves' data, as bytes. */
export function merkleRoot(leaves: readonly Uint8Array[]): Buffer {
  return leaves.length === 0 ? sha256() : treeHash(leaves, 0, leaves.length);
}

/** RFC 6962 Merkle tree hash over hex SHA-256 values (each leaf is the 32 bytes it spells), hex. */
export function merkleRootOfHashes(hexHashes: readonly string[]): string {
  return merkleRoot(hexHashes.map((h) => Buffer.from(h, 'hex'))).toString('hex');
}
