import type { KexInit } from '../../services/probes/ssh-wire.ts';

/** Algorithm families that no longer give the protection SSH promises (RFC 9142, RFC 8758). */
export const WEAK = {
  kex: [
    /^diffie-hellman-group1-sha1$/,
    /^diffie-hellman-group14-sha1$/,
    /^diffie-hellman-group-exchange-sha1$/,
    /^gss-.*-sha1-/,
    /^rsa1024-sha1$/,
  ],
  cipher: [/^3des-/, /^arcfour/, /^blowfish-/, /^cast128-/, /^des-/, /-cbc(@|$)/, /^none$/],
  mac: [/^hmac-md5/, /^hmac-sha1-96/, /^hmac-ripemd160/, /^none$/],
} as const;

export type WeakKind = keyof typeof WEAK;

const matches = (kind: WeakKind) => (name: string) => WEAK[kind].some((re) => re.test(name));

/** The weak algorithms the server offers, per kind, in the server's order. */
export function weakOffered(k: KexInit): Record<WeakKind, string[]> {
  const unique = (lists: string[][]) => [...new Set(lists.flat())];
  return {
    kex: k.kex.filter(matches('kex')),
    cipher: unique([k.ciphersClientToServer, k.ciphersServerToClient]).filter(matches('cipher')),
    mac: unique([k.macsClientToServer, k.macsServerToClient]).filter(matches('mac')),
  };
}

/**
 * Terrapin (CVE-2023-48795): ChaCha20-Poly1305, or a CBC cipher with an encrypt-then-MAC MAC,
 * offered without the strict key exchange extension.
 */
export function terrapinExposed(k: KexInit): string[] | null {
  if (k.kex.includes('kex-strict-s-v00@openssh.com')) return null;
  const ciphers = [...k.ciphersClientToServer, ...k.ciphersServerToClient];
  const macs = [...k.macsClientToServer, ...k.macsServerToClient];
  const chacha = ciphers.filter((c) => c === 'chacha20-poly1305@openssh.com');
  const cbc = ciphers.filter((c) => /-cbc(@|$)/.test(c));
  const etm = macs.filter((m) => m.endsWith('-etm@openssh.com'));
  const exposed = [...chacha, ...(etm.length && cbc.length ? [...cbc, ...etm] : [])];
  return exposed.length ? [...new Set(exposed)] : null;
}
