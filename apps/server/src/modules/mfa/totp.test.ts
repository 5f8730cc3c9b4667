import { describe, expect, it } from 'vitest';
import { hotp, matchTotp, otpauthUri, TOTP_DEFAULTS, toBase32, totp } from './totp.ts';

const SEEDS = {
  sha1: Buffer.from('12345678901234567890'),
  sha256: Buffer.from('12345678901234567890123456789012'),
  sha512: Buffer.from('1234567890123456789012345678901234567890123456789012345678901234'),
};

/** RFC 6238 Appendix B: time (s), then the 8-digit TOTP for SHA-1, SHA-256 and SHA-512. */
const VECTORS: [number, string, string, string][] = [
  [59, '94287082', '46119246', '90693936'],
  [1111111109, '07081804', '68084774', '25091201'],
  [1111111111, '14050471', '67062674', '99943326'],
  [1234567890, '89005924', '91819424', '93441116'],
  [2000000000, '69279037', '90698825', '38618901'],
  [20000000000, '65353130', '77737706', '47863826'],
];

describe('TOTP (RFC 6238)', () => {
  it.each(VECTORS)('matches the appendix B values at T=%i', (seconds, sha1, sha256, sha512) => {
    const at = seconds * 1000;
    const eight = { ...TOTP_DEFAULTS, digits: 8 };
    expect(totp(SEEDS.sha1, at, eight)).toBe(sha1);
    expect(totp(SEEDS.sha256, at, { ...eight, algorithm: 'sha256' })).toBe(sha256);
    expect(totp(SEEDS.sha512, at, { ...eight, algorithm: 'sha512' })).toBe(sha512);
    // Six digits are the last six of the same truncated value.
    expect(totp(SEEDS.sha1, at)).toBe(sha1.slice(2));
  });

  it('matches the RFC 4226 appendix D HOTP values', () => {
    const expected = ['755224', '287082', '359152', '969429', '338314', '254676', '287922'];
    for (const [counter, code] of expected.entries()) expect(hotp(SEEDS.sha1, counter)).toBe(code);
  });

  it('accepts one step of drift either side and nothing further', () => {
    const now = 1_700_000_000_000;
    const step = Math.floor(now / 30_000);
    for (const drift of [-1, 0, 1]) {
      const code = totp(SEEDS.sha1, now + drift * 30_000);
      expect(matchTotp(SEEDS.sha1, code, now)).toBe(step + drift);
    }
    expect(matchTotp(SEEDS.sha1, totp(SEEDS.sha1, now + 60_000), now)).toBeNull();
    expect(matchTotp(SEEDS.sha1, totp(SEEDS.sha1, now - 60_000), now)).toBeNull();
  });

  it('encodes base32 as RFC 4648 does and builds an otpauth URI', () => {
    expect(toBase32(Buffer.from('foobar'))).toBe('MZXW6YTBOI');
    expect(toBase32(SEEDS.sha1)).toBe('GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ');
    const uri = new URL(otpauthUri(SEEDS.sha1, 'ann@example.com', 'NetGuard'));
    expect(`${uri.protocol}//${uri.host}${decodeURIComponent(uri.pathname)}`).toBe(
      'otpauth://totp/NetGuard:ann@example.com',
    );
    expect(uri.searchParams.get('secret')).toBe('GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ');
    expect(uri.searchParams.get('issuer')).toBe('NetGuard');
  });
});
