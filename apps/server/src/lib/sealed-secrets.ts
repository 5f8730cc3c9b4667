import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { deriveKey } from './secret-key.ts';

const IV_BYTES = 12;
const TAG_BYTES = 16;

/**
 * AES-256-GCM for the credentials a row keeps (cloud connections, SIEM integrations), with a key
 * of its own `purpose`. The organization and row ids are the associated data: a sealed value
 * copied to another row does not open.
 */
export function createSealer(secret: string, purpose: string) {
  const key = deriveKey(secret, purpose);
  const aad = (organizationId: string, rowId: string) => Buffer.from(`${organizationId}/${rowId}`);

  return {
    seal(organizationId: string, rowId: string, credentials: object): string {
      const iv = randomBytes(IV_BYTES);
      const cipher = createCipheriv('aes-256-gcm', key, iv).setAAD(aad(organizationId, rowId));
      const body = Buffer.concat([
        cipher.update(JSON.stringify(credentials), 'utf8'),
        cipher.final(),
      ]);
      return Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64url');
    },

    open(organizationId: string, rowId: string, sealed: string): unknown {
      const raw = Buffer.from(sealed, 'base64url');
      const decipher = createDecipheriv('aes-256-gcm', key, raw.subarray(0, IV_BYTES))
        .setAAD(aad(organizationId, rowId))
        .setAuthTag(raw.subarray(IV_BYTES, IV_BYTES + TAG_BYTES));
      const plain = Buffer.concat([
        decipher.update(raw.subarray(IV_BYTES + TAG_BYTES)),
        decipher.final(),
      ]);
      return JSON.parse(plain.toString('utf8'));
    },
  };
}

export type Sealer = ReturnType<typeof createSealer>;
