// HS256 tokens for the fake NetGuard (the real one signs with jose; the wire format is the same).
import { createHmac, timingSafeEqual } from 'node:crypto';

const b64 = (v: unknown) => Buffer.from(JSON.stringify(v)).toString('base64url');

export function signHs256(payload: Record<string, unknown>, key: string): string {
  const head = `${b64({ alg: 'HS256', typ: 'JWT' })}.${b64(payload)}`;
  return `${head}.${createHmac('sha256', key).update(head).digest('base64url')}`;
}

export type Claims = { sub: string; org: string; sid: string; exp: number };

/** The claims of a token; `acceptAlgNone` and `ignoreExpiry` are the flaws the bad fixture has. */
export function verifyHs256(
  token: string,
  key: string,
  flaws: { acceptAlgNone?: boolean; ignoreExpiry?: boolean } = {},
): Claims | null {
  const [h = '', p = '', s = ''] = token.split('.');
  try {
    const header = JSON.parse(Buffer.from(h, 'base64url').toString()) as { alg?: string };
    const claims = JSON.parse(Buffer.from(p, 'base64url').toString()) as Claims;
    const unsigned = flaws.acceptAlgNone && header.alg === 'none';
    if (!unsigned) {
      if (header.alg !== 'HS256') return null;
      const expected = createHmac('sha256', key).update(`${h}.${p}`).digest();
      const given = Buffer.from(s, 'base64url');
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
    }
    if (!flaws.ignoreExpiry && !(claims.exp > Date.now() / 1000)) return null;
    return claims;
  } catch {
    return null;
  }
}
