import { createCipheriv, createDecipheriv, createHmac, randomBytes, randomInt } from 'node:crypto';
import { MFA_LIMITS } from '@netguard/contracts';
import { deriveKey } from '../../lib/secret-key.ts';

const IV_BYTES = 12;
const TAG_BYTES = 16;
/** 32 letters and digits without 0, 1, l and o: 5 bits per character, nothing to misread. */
const BACKUP_ALPHABET = 'abcdefghijkmnpqrstuvwxyz23456789';

/**
 * Keys derived from the server secret: AES-256-GCM for TOTP secrets (bound to their user as
 * associated data, so a row copied to another user does not decrypt) and HMAC-SHA256 for sent
 * and backup codes (keyed, so a database dump alone cannot be brute-forced offline).
 */
export function createMfaSecrets(secret: string) {
  const encryptionKey = deriveKey(secret, 'mfa-secret-encryption');
  const hashKey = deriveKey(secret, 'mfa-code-hash');

  return {
    encrypt(userId: string, plain: Uint8Array): string {
      const iv = randomBytes(IV_BYTES);
      const cipher = createCipheriv('aes-256-gcm', encryptionKey, iv).setAAD(Buffer.from(userId));
      const body = Buffer.concat([cipher.update(plain), cipher.final()]);
      return Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64url');
    },

    decrypt(userId: string, sealed: string): Buffer {
      const raw = Buffer.from(sealed, 'base64url');
      const decipher = createDecipheriv('aes-256-gcm', encryptionKey, raw.subarray(0, IV_BYTES))
        .setAAD(Buffer.from(userId))
        .setAuthTag(raw.subarray(IV_BYTES, IV_BYTES + TAG_BYTES));
      return Buffer.concat([decipher.update(raw.subarray(IV_BYTES + TAG_BYTES)), decipher.final()]);
    },

    hash(code: string): string {
      return createHmac('sha256', hashKey).update(code).digest('hex');
    },
  };
}

export type MfaSecrets = ReturnType<typeof createMfaSecrets>;

/** A fresh TOTP key: 20 random bytes (160 bits, the RFC 4226 recommendation). */
export function newTotpKey(): Buffer {
  return randomBytes(20);
}

/** A uniformly random numeric code of `MFA_LIMITS.codeLength` digits, for email and SMS. */
export function newNumericCode(): string {
  return String(randomInt(10 ** MFA_LIMITS.codeLength)).padStart(MFA_LIMITS.codeLength, '0');
}

/** `MFA_LIMITS.backupCodeCount` codes shaped `xxxx-xxxx` (40 bits each). */
export function newBackupCodes(): string[] {
  return Array.from({ length: MFA_LIMITS.backupCodeCount }, () => {
    const chars = [...randomBytes(8)].map((byte) => BACKUP_ALPHABET[byte & 31]).join('');
    return `${chars.slice(0, 4)}-${chars.slice(4)}`;
  });
}

/** An address or number with most of it hidden: `a***@example.com`, `*******0123`. */
export function maskDestination(value: string): string {
  const at = value.indexOf('@');
  if (at > 0) return `${value[0]}***${value.slice(at)}`;
  return `${'*'.repeat(Math.max(0, value.length - 4))}${value.slice(-4)}`;
}
