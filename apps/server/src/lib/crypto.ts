import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { type Algorithm, hash, parseOptions, verify } from '@node-rs/argon2';

/** A random URL-safe token of 32 bytes (43 characters). */
export function randomToken(): string {
  return randomBytes(32).toString('base64url');
}

/** Tokens are stored only as their SHA-256 hex digest. */
export function sha256(value: string): string {
  return createHash('sha256').update(value).digest('hex');
}

/** Constant-time comparison of two strings. */
export function safeEqual(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

/** Algorithm.Argon2id: an ambient const enum, which TypeScript does not let us read at run time. */
const ARGON2ID = 2 as Algorithm;

/** argon2id's cost: memory in KiB, passes over it, lanes (config.ts PASSWORD_HASH_*). */
export type PasswordCost = { memoryKib: number; timeCost: number; parallelism: number };

// One cost per process, set from its configuration as it starts (buildApp); until then the
// production default of config.ts, so nothing hashes below it by accident.
let cost: PasswordCost = { memoryKib: 65_536, timeCost: 3, parallelism: 1 };
let dummyHash: Promise<string> | undefined;

/** Sets the argon2id cost of new hashes (and of the dummy hash unknown emails are checked against). */
export function configurePasswordHashing(next: PasswordCost): void {
  cost = next;
  dummyHash = undefined;
}

/** argon2id at the configured cost; the hash encodes its parameters, so old hashes still verify. */
export function hashPassword(password: string): Promise<string> {
  return hash(password, {
    algorithm: ARGON2ID,
    memoryCost: cost.memoryKib,
    timeCost: cost.timeCost,
    parallelism: cost.parallelism,
  });
}

/** Whether a stored hash was made at a lower cost (or another variant) than the configured one. */
export function needsRehash(storedHash: string): boolean {
  try {
    const made = parseOptions(storedHash);
    return (
      made.algorithm !== ARGON2ID ||
      made.memoryCost < cost.memoryKib ||
      made.timeCost < cost.timeCost
    );
  } catch {
    return false;
  }
}

/**
 * Verifies a password; with no stored hash it still spends one verification, so unknown emails
 * take as long as wrong passwords.
 */
export async function verifyPassword(
  storedHash: string | null,
  password: string,
): Promise<boolean> {
  if (storedHash === null) {
    dummyHash ??= hash(randomToken());
    await verify(await dummyHash, password).catch(() => false);
    return false;
  }
  return verify(storedHash, password).catch(() => false);
}
