import { createHmac } from 'node:crypto';
import { safeEqual } from '../../lib/crypto.ts';

const BASE32 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';

export type TotpOptions = {
  /** Length of the code (RFC 6238 uses 6 or 8). */
  digits: number;
  /** Time step in seconds. */
  period: number;
  algorithm: 'sha1' | 'sha256' | 'sha512';
};

/** What authenticator apps assume when the otpauth URI names nothing else. */
export const TOTP_DEFAULTS: TotpOptions = { digits: 6, period: 30, algorithm: 'sha1' };

/** RFC 4648 base32 without padding, the form authenticator apps read. */
export function toBase32(bytes: Uint8Array): string {
  let bits = 0;
  let value = 0;
  let out = '';
  for (const byte of bytes) {
    value = (value << 8) | byte;
    bits += 8;
    while (bits >= 5) {
      out += BASE32[(value >>> (bits - 5)) & 31];
      bits -= 5;
    }
  }
  if (bits > 0) out += BASE32[(value << (5 - bits)) & 31];
  return out;
}

/** HOTP (RFC 4226): dynamic truncation of HMAC(key, counter), `digits` long with leading zeros. */
export function hotp(key: Uint8Array, counter: number, options: TotpOptions = TOTP_DEFAULTS) {
  const message = Buffer.alloc(8);
  message.writeBigUInt64BE(BigInt(counter));
  const mac = createHmac(options.algorithm, key).update(message).digest();
  const offset = (mac[mac.length - 1] ?? 0) & 0x0f;
  const binary = mac.readUInt32BE(offset) & 0x7fffffff;
  return String(binary % 10 ** options.digits).padStart(options.digits, '0');
}

/** The time step of a moment (ms since the epoch). */
export function timeStep(atMs: number, options: TotpOptions = TOTP_DEFAULTS): number {
  return Math.floor(atMs / 1000 / options.period);
}

/**
 * TOTP (RFC 6238): the HOTP value of the time step containing `atMs`.
 * @example totp(Buffer.from('12345678901234567890'), 59_000, { ...TOTP_DEFAULTS, digits: 8 }) // '94287082'
 */
export function totp(key: Uint8Array, atMs: number, options: TotpOptions = TOTP_DEFAULTS) {
  return hotp(key, timeStep(atMs, options), options);
}

/**
 * The time step whose code equals `code`, looking one step either side of `atMs` for clock
 * drift (RFC 6238 §5.2); null when none matches.
 */
export function matchTotp(
  key: Uint8Array,
  code: string,
  atMs: number,
  options: TotpOptions = TOTP_DEFAULTS,
): number | null {
  const now = timeStep(atMs, options);
  for (const step of [now, now - 1, now + 1]) {
    if (safeEqual(hotp(key, step, options), code)) return step;
  }
  return null;
}

/** The otpauth:// URI an authenticator app scans (Key Uri Format). */
export function otpauthUri(key: Uint8Array, account: string, issuer: string): string {
  const label = `${encodeURIComponent(issuer)}:${encodeURIComponent(account)}`;
  const query = new URLSearchParams({
    secret: toBase32(key),
    issuer,
    algorithm: TOTP_DEFAULTS.algorithm.toUpperCase(),
    digits: String(TOTP_DEFAULTS.digits),
    period: String(TOTP_DEFAULTS.period),
  });
  return `otpauth://totp/${label}?${query}`;
}
