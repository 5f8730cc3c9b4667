// RFC 3161 against OpenSSL acting as the time-stamping authority (`openssl ts -reply` on files in
// this test's own folder; no network), and `openssl ts -verify` agreeing with our checks.
import { readFileSync, writeFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestTsa, type TestTsa } from '../testing/openssl-tsa.ts';
import { checkTimestamp, parseTimestampResponse, timestampRequest } from './rfc3161.ts';

let tsa: TestTsa;
beforeAll(() => {
  tsa = createTestTsa();
});
afterAll(() => tsa.remove());

const MANIFEST = Buffer.from('{"format":"netguard-evidence-package/1"}');
const trusted = () => [tsa.ca('good')];
const at = (f: string) => tsa.path(f);
const openssl = (...args: string[]) => tsa.openssl(...args);
const reply = (request: Buffer, name = 'good') => tsa.reply(request, name);

describe('RFC 3161 timestamps from openssl ts acting as the TSA', () => {
  it('sends a request openssl reads as SHA-256 with our nonce and a certificate request', () => {
    const req = timestampRequest(MANIFEST, Buffer.from('0102030405060708', 'hex'));
    writeFileSync(at('q.tsq'), req.der);
    const text = openssl('ts', '-query', '-in', 'q.tsq', '-text').toString();
    expect(text).toContain('Hash Algorithm: sha256');
    expect(text).toContain('Nonce: 0x0102030405060708');
    expect(text).toContain('Certificate required: yes');
    expect(text.replace(/[\s-]/g, '').toLowerCase()).toContain(
      req.imprint.toString('hex').slice(0, 32),
    );
  });

  it('parses the reply and accepts it: our hash and nonce, a valid signature, a trusted TSA', () => {
    const req = timestampRequest(MANIFEST);
    const resp = parseTimestampResponse(reply(req.der));
    expect(resp.granted).toBe(true);
    const token = resp.token!;
    expect(token.imprint).toEqual(req.imprint);
    expect(token.nonce!.toString('hex').replace(/^(00)+/, '')).toBe(
      req.nonce.toString('hex').replace(/^(00)+/, ''),
    );
    expect(token.policy).toBe('1.2.3.4.1');
    expect(Math.abs(token.genTime.getTime() - Date.now())).toBeLessThan(60_000);
    expect(checkTimestamp(token, MANIFEST, { nonce: req.nonce, trusted: trusted() })).toEqual([]);
    // openssl agrees on the token we keep.
    writeFileSync(at('token.der'), token.der);
    writeFileSync(at('manifest.json'), MANIFEST);
    const out = openssl(
      'ts',
      '-verify',
      '-token_in',
      '-in',
      'token.der',
      '-data',
      'manifest.json',
      '-CAfile',
      'good-ca.pem',
    ).toString();
    expect(out).toContain('Verification: OK');
  });

  it('refuses the token for other data, another nonce, an altered TSTInfo and an untrusted TSA', () => {
    const req = timestampRequest(MANIFEST);
    const token = parseTimestampResponse(reply(req.der)).token!;
    expect(checkTimestamp(token, Buffer.from('other'), { trusted: trusted() })).toEqual([
      'the timestamp is for other data',
    ]);
    expect(
      checkTimestamp(token, MANIFEST, { nonce: Buffer.from('ffff', 'hex'), trusted: trusted() }),
    ).toEqual(['the timestamp does not carry our nonce']);
    const altered = { ...token, tstInfo: Buffer.from(token.tstInfo) };
    altered.tstInfo[altered.tstInfo.length - 1]! ^= 0x01;
    expect(checkTimestamp(altered, MANIFEST, { trusted: trusted() })).toContain(
      'the signed message digest is not the TSTInfo’s',
    );
    const forgedSignature = {
      ...token,
      signer: { ...token.signer, signature: Buffer.from(token.signer.signature) },
    };
    forgedSignature.signer.signature[10]! ^= 0x01;
    expect(checkTimestamp(forgedSignature, MANIFEST, { trusted: trusted() })).toContain(
      'the TSA’s signature does not verify',
    );
    const rogue = parseTimestampResponse(reply(req.der, 'rogue')).token!;
    expect(checkTimestamp(rogue, MANIFEST, { trusted: trusted() })).toEqual([
      'the TSA’s certificate is not issued by a trusted CA',
    ]);
  });

  it('reports a refused request as not granted', () => {
    // A TSA that only accepts SHA-512 refuses our SHA-256 request (status 2, rejection).
    writeFileSync(
      at('strict.cnf'),
      readFileSync(at('good.cnf'), 'utf8').replace(
        'digests = sha256, sha384, sha512',
        'digests = sha512',
      ),
    );
    const resp = parseTimestampResponse(reply(timestampRequest(MANIFEST).der, 'strict'));
    expect(resp).toEqual({ status: 2, granted: false });
  });
});
