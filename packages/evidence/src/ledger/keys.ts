// The organisation's Ed25519 signing key (node:crypto): PEM export, the fingerprint an auditor
// recomputes with `openssl pkey -pubin -in public-key.pem -outform DER | sha256sum`, and
// signatures over raw bytes (what `openssl pkeyutl -verify -rawin` checks).
import { createPublicKey, generateKeyPairSync, type KeyObject, sign, verify } from 'node:crypto';
import { sha256Hex } from '../canonical/hash.ts';

export type SigningKey = { privateKey: KeyObject; publicKey: KeyObject };

/** A new Ed25519 key pair. */
export function generateSigningKey(): SigningKey {
  return generateKeyPairSync('ed25519');
}

/** The public key as SPKI PEM. */
export function publicKeyPem(key: KeyObject): string {
  return key.export({ type: 'spki', format: 'pem' }).toString();
}

/** SHA-256 (hex) of the public key's DER SubjectPublicKeyInfo. */
export function keyFingerprint(key: KeyObject | string): string {
  const pub = typeof key === 'string' ? createPublicKey(key) : key;
  return sha256Hex(pub.export({ type: 'spki', format: 'der' }));
}

/** Ed25519 signature of `data` (64 bytes). */
export function signBytes(data: Uint8Array, privateKey: KeyObject): Buffer {
  return sign(null, data, privateKey);
}

/** Whether `signature` is the key's Ed25519 signature of `data`; false for anything malformed. */
export function verifyBytes(
  data: Uint8Array,
  signature: Uint8Array,
  publicKey: KeyObject | string,
): boolean {
  try {
    const pub = typeof publicKey === 'string' ? createPublicKey(publicKey) : publicKey;
    return pub.asymmetricKeyType === 'ed25519' && verify(null, data, pub, signature);
  } catch {
    return false;
  }
}
