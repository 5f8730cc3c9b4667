// The organization's Ed25519 evidence signing key: made on first use, the private half sealed at
// rest with the deployment's secret key (AES-256-GCM, bound to the organization).
import { createPrivateKey, createPublicKey } from 'node:crypto';
import {
  generateSigningKey,
  keyFingerprint,
  publicKeyPem,
  type SigningKey,
} from '@netguard/evidence';
import { eq } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { evidenceKeys } from '../../db/schema.ts';
import { createSealer, type Sealer } from '../../lib/sealed-secrets.ts';

export const createKeySealer = (secret: string) => createSealer(secret, 'evidence-signing-key');

export type PublicKeyInfo = { publicKeyPem: string; fingerprint: string };

/** The organization's public key, or null before its first evidence. */
export async function readPublicKey(
  db: Executor,
  organizationId: string,
): Promise<PublicKeyInfo | null> {
  const [row] = await db
    .select({ publicKeyPem: evidenceKeys.publicKeyPem, fingerprint: evidenceKeys.fingerprint })
    .from(evidenceKeys)
    .where(eq(evidenceKeys.organizationId, organizationId));
  return row ?? null;
}

/** Creates the key if the organization has none (concurrent callers: one wins, all read it). */
export async function ensureKey(
  db: Executor,
  sealer: Sealer,
  organizationId: string,
): Promise<void> {
  const existing = await readPublicKey(db, organizationId);
  if (existing) return;
  const key = generateSigningKey();
  const pem = key.privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
  await db
    .insert(evidenceKeys)
    .values({
      organizationId,
      publicKeyPem: publicKeyPem(key.publicKey),
      fingerprint: keyFingerprint(key.publicKey),
      sealedPrivateKey: sealer.seal(organizationId, organizationId, { pem }),
    })
    .onConflictDoNothing();
}

/**
 * Locks the organization's key row for the transaction (ledger appends of one organization are
 * serialized on it) and opens the key.
 */
export async function lockKey(
  tx: Executor,
  sealer: Sealer,
  organizationId: string,
): Promise<SigningKey> {
  const [row] = await tx
    .select()
    .from(evidenceKeys)
    .where(eq(evidenceKeys.organizationId, organizationId))
    .for('update');
  if (!row) throw new Error(`organization ${organizationId} has no evidence key`);
  const { pem } = sealer.open(organizationId, organizationId, row.sealedPrivateKey) as {
    pem: string;
  };
  return { privateKey: createPrivateKey(pem), publicKey: createPublicKey(row.publicKeyPem) };
}
