import { createVerify, generateKeyPairSync } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { signJwtRs256, TokenCache } from './oauth.ts';

describe('TokenCache', () => {
  it('keeps a token until 60 s before it expires, and forgets it on clear()', async () => {
    let fetched = 0;
    const cache = new TokenCache(async () => ({ value: `t${++fetched}`, expiresInS: 3600 }));
    const t0 = Date.parse('2026-11-27T05:00:00Z');
    expect(await cache.get(t0)).toBe('t1');
    expect(await cache.get(t0 + 3_539_000)).toBe('t1');
    expect(await cache.get(t0 + 3_541_000)).toBe('t2');
    cache.clear();
    expect(await cache.get(t0 + 3_542_000)).toBe('t3');
  });
});

describe('signJwtRs256', () => {
  it('signs header.claims with the private key (verifiable with the public one)', () => {
    const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
    const pem = privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
    const jwt = signJwtRs256({ iss: 'a', n: 1 }, pem);
    const [header, claims, signature] = jwt.split('.');
    expect(JSON.parse(Buffer.from(header ?? '', 'base64url').toString())).toEqual({
      alg: 'RS256',
      typ: 'JWT',
    });
    expect(JSON.parse(Buffer.from(claims ?? '', 'base64url').toString())).toEqual({
      iss: 'a',
      n: 1,
    });
    const ok = createVerify('RSA-SHA256')
      .update(`${header}.${claims}`)
      .verify(publicKey, Buffer.from(signature ?? '', 'base64url'));
    expect(ok).toBe(true);
    expect(
      createVerify('RSA-SHA256')
        .update(`${header}.x${claims}`)
        .verify(publicKey, Buffer.from(signature ?? '', 'base64url')),
    ).toBe(false);
  });
});
