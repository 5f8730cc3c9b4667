import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { deriveKey } from '../../lib/secret-key.ts';

const IV_BYTES = 12;
const TAG_BYTES = 16;

/**
 * AES-256-GCM for a connection's credentials, with a key of its own purpose. The organization and
 * connection ids are the associated data: a sealed value copied to another row does not open.
 */
export function createCloudSecrets(secret: string) {
  const key = deriveKey(secret, 'cloud-credentials-encryption');
  const aad = (organizationId: string, connectionId: string) =>
    Buffer.from(`${organizationId}/${connectionId}`);

  return {
    seal(organizationId: string, connectionId: string, credentials: object): string {
      const iv = randomBytes(IV_BYTES);
      const cipher = createCipheriv('aes-256-gcm', key, iv).setAAD(
        aad(organizationId, connectionId),
      );
      const body = Buffer.concat([
        cipher.update(JSON.stringify(credentials), 'utf8'),
        cipher.final(),
      ]);
      return Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64url');
    },

    open(organizationId: string, connectionId: string, sealed: string): unknown {
      const raw = Buffer.from(sealed, 'base64url');
      const decipher = createDecipheriv('aes-256-gcm', key, raw.subarray(0, IV_BYTES))
        .setAAD(aad(organizationId, connectionId))
        .setAuthTag(raw.subarray(IV_BYTES, IV_BYTES + TAG_BYTES));
      const plain = Buffer.concat([
        decipher.update(raw.subarray(IV_BYTES + TAG_BYTES)),
        decipher.final(),
      ]);
      return JSON.parse(plain.toString('utf8'));
    },
  };
}

export type CloudSecrets = ReturnType<typeof createCloudSecrets>;

/**
 * An identity with most of its name hidden: `arn:aws:iam::123456789012:user/au***`,
 * `sc***@demo.iam.gserviceaccount.com`, `1111***5555`.
 */
export function maskPrincipal(value: string): string {
  const at = value.indexOf('@');
  if (at > 0) return `${value.slice(0, Math.min(2, at))}***${value.slice(at)}`;
  const slash = value.lastIndexOf('/');
  if (slash >= 0) return `${value.slice(0, slash + 1)}${value.slice(slash + 1, slash + 3)}***`;
  return value.length > 10 ? `${value.slice(0, 4)}***${value.slice(-4)}` : '***';
}
