// RFC 3161 against OpenSSL acting as the time-stamping authority (`openssl ts -reply` on files in
// this test's own folder; no network), and `openssl ts -verify` agreeing with our checks.
import { execFileSync } from 'node:child_process';
import { X509Certificate } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkTimestamp, parseTimestampResponse, timestampRequest } from './rfc3161.ts';

let dir: string;
const at = (f: string) => join(dir, f);
const openssl = (...args: string[]) =>
  execFileSync('openssl', args, { cwd: dir, stdio: ['ignore', 'pipe', 'pipe'] });

/** A CA, a TSA certificate it issues (extendedKeyUsage critical timeStamping) and a TSA config. */
function makeAuthority(name: string): void {
  openssl('ecparam', '-name', 'prime256v1', '-genkey', '-noout', '-out', `${name}-ca.key`);
  openssl(
    'req',
    '-x509',
    '-new',
    '-key',
    `${name}-ca.key`,
    '-out',
    `${name}-ca.pem`,
    '-subj',
    `/CN=${name} test CA`,
    '-days',
    '2',
    '-addext',
    'basicConstraints=critical,CA:TRUE',
    '-addext',
    'keyUsage=critical,keyCertSign',
  );
  openssl('ecparam', '-name', 'prime256v1', '-genkey', '-noout', '-out', `${name}-tsa.key`);
  openssl(
    'req',
    '-new',
    '-key',
    `${name}-tsa.key`,
    '-out',
    `${name}-tsa.csr`,
    '-subj',
    `/CN=${name} test TSA`,
  );
  writeFileSync(at('tsa-ext.cnf'), 'extendedKeyUsage=critical,timeStamping\n');
  openssl(
    'x509',
    '-req',
    '-in',
    `${name}-tsa.csr`,
    '-CA',
    `${name}-ca.pem`,
    '-CAkey',
    `${name}-ca.key`,
    '-set_serial',
    '4242',
    '-out',
    `${name}-tsa.pem`,
    '-days',
    '2',
    '-extfile',
    'tsa-ext.cnf',
  );
  writeFileSync(at(`${name}-serial`), '01\n');
  writeFileSync(
    at(`${name}.cnf`),
    `[ tsa ]
default_tsa = tsa_config
[ tsa_config ]
serial = ${at(`${name}-serial`)}
crypto_device = builtin
signer_cert = ${at(`${name}-tsa.pem`)}
certs = ${at(`${name}-ca.pem`)}
signer_key = ${at(`${name}-tsa.key`)}
signer_digest = sha256
default_policy = 1.2.3.4.1
digests = sha256, sha384, sha512
accuracy = secs:1
ordering = yes
tsa_name = yes
ess_cert_id_alg = sha256
`,
  );
}

/** OpenSSL's reply to our request, as a TSA would send it. */
function reply(request: Buffer, name = 'good'): Buffer {
  writeFileSync(at('request.tsq'), request);
  openssl(
    'ts',
    '-reply',
    '-config',
    `${name}.cnf`,
    '-queryfile',
    'request.tsq',
    '-out',
    'response.tsr',
  );
  return readFileSync(at('response.tsr'));
}

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'netguard-evidence-tsa-'));
  makeAuthority('good');
  makeAuthority('rogue');
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const MANIFEST = Buffer.from('{"format":"netguard-evidence-package/1"}');
const trusted = () => [new X509Certificate(readFileSync(at('good-ca.pem')))];

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
