// SHA-256 helpers: everything NetGuard signs or chains is the SHA-256 of canonical bytes.
import { createHash } from 'node:crypto';
import { canonicalBytes } from './jcs.ts';

/** Lower-case hex SHA-256 of bytes or a UTF-8 string. */
export function sha256Hex(data: Uint8Array | string): string {
  return createHash('sha256').update(data).digest('hex');
}

/** Lower-case hex SHA-256 of the RFC 8785 canonical form of a JSON value. */
export function canonicalSha256(value: unknown): string {
  return sha256Hex(canonicalBytes(value));
}
