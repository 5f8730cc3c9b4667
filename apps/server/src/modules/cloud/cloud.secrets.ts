import { createSealer, type Sealer } from '../../lib/sealed-secrets.ts';

/** A connection's credentials, sealed with a key of their own purpose (see createSealer). */
export const createCloudSecrets = (secret: string): Sealer =>
  createSealer(secret, 'cloud-credentials-encryption');

export type CloudSecrets = Sealer;

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
