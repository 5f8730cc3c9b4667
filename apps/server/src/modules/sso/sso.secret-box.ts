import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { deriveKey } from '../../lib/secret-key.ts';

const IV_BYTES = 12;
const TAG_BYTES = 16;

/**
 * AES-256-GCM for SSO client secrets, keyed from the server secret and bound to their
 * organization as associated data (a row copied to another organization does not decrypt).
 */
export function createSsoSecretBox(secret: string) {
  const key = deriveKey(secret, 'sso-client-secret');
  return {
    seal(organizationId: string, plain: string): string {
      const iv = randomBytes(IV_BYTES);
      const cipher = createCipheriv('aes-256-gcm', key, iv).setAAD(Buffer.from(organizationId));
      const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      return Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64url');
    },
    open(organizationId: string, sealed: string): string {
      const raw = Buffer.from(sealed, 'base64url');
      const decipher = createDecipheriv('aes-256-gcm', key, raw.subarray(0, IV_BYTES))
        .setAAD(Buffer.from(organizationId))
        .setAuthTag(raw.subarray(IV_BYTES, IV_BYTES + TAG_BYTES));
      return Buffer.concat([
        decipher.update(raw.subarray(IV_BYTES + TAG_BYTES)),
        decipher.final(),
      ]).toString('utf8');
    },
  };
}
