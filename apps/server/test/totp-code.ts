// What an authenticator app computes from the secret the MFA card shows; the HTTP specs and the
// browser test type its codes as a user would.
import { totp } from '../src/modules/mfa/totp.ts';

const BASE32 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';

/** Decodes the base32 secret an authenticator app is given (spaces and padding ignored). */
export function fromBase32(text: string): Buffer {
  let bits = 0;
  let value = 0;
  const out: number[] = [];
  for (const char of text.replace(/[\s=]/g, '').toUpperCase()) {
    value = (value << 5) | BASE32.indexOf(char);
    bits += 5;
    if (bits >= 8) {
      out.push((value >>> (bits - 8)) & 255);
      bits -= 8;
    }
  }
  return Buffer.from(out);
}

/** The code an authenticator app shows for `secret` at `atMs`, as a user would type it. */
export function totpCode(secret: string, atMs = Date.now()): string {
  return totp(fromBase32(secret), atMs);
}
