import { hkdfSync, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

/**
 * Returns the key material: NETGUARD_SECRET_KEY when set, else the key file in the data dir,
 * created with 32 random bytes (base64url, mode 0600) on first use.
 */
export function loadSecretKey(secretKey: string | undefined, dataDir: string): string {
  if (secretKey) return secretKey;
  const file = path.join(dataDir, 'secret.key');
  if (fs.existsSync(file)) return fs.readFileSync(file, 'utf8').trim();
  fs.mkdirSync(dataDir, { recursive: true });
  const generated = randomBytes(32).toString('base64url');
  // 'wx' fails if another process created it meanwhile; then read theirs.
  try {
    fs.writeFileSync(file, `${generated}\n`, { mode: 0o600, flag: 'wx' });
    return generated;
  } catch {
    return fs.readFileSync(file, 'utf8').trim();
  }
}

/** The key material in use, without creating one: null when neither the variable nor the file exists. */
export function existingSecretKey(secretKey: string | undefined, dataDir: string): string | null {
  if (secretKey) return secretKey;
  const file = path.join(dataDir, 'secret.key');
  return fs.existsSync(file) ? fs.readFileSync(file, 'utf8').trim() : null;
}

/** Derives an independent 32-byte key per purpose ("jwt", "encryption", ...) with HKDF-SHA256. */
export function deriveKey(secret: string, purpose: string): Uint8Array {
  return new Uint8Array(hkdfSync('sha256', secret, 'netguard', purpose, 32));
}
