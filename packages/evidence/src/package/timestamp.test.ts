// A package stamped by `openssl ts -reply` as the TSA: added as manifest.tsr, checked by the
// verifier (against the TSA's CA when given) and by `openssl ts -verify` on the extracted files.
import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestTsa, type TestTsa } from '../testing/openssl-tsa.ts';
import { organization, packageOf, rezip } from '../testing/package-fixture.ts';
import { addPackageTimestamp, packageTimestampRequest } from './timestamp.ts';
import { verifyPackage } from './verify.ts';
import { readZip } from './zip.ts';

let tsa: TestTsa;
let stamped: Buffer;
const built = packageOf(organization());

beforeAll(() => {
  tsa = createTestTsa();
  const request = packageTimestampRequest(built.zip);
  stamped = addPackageTimestamp(built.zip, tsa.reply(request.der), request);
});
afterAll(() => tsa.remove());

describe('RFC 3161 timestamp of a package', () => {
  it('verifies with the TSA’s CA, and without it only checks what the token stamps', () => {
    const withCa = verifyPackage(stamped, { tsaTrusted: [tsa.ca('good')] });
    expect(withCa.breaks).toEqual([]);
    expect(withCa.contents.timestamp).toMatchObject({
      tsa: expect.stringContaining('good test TSA'),
      checkedAgainstCa: true,
    });
    expect(verifyPackage(stamped).contents.timestamp?.checkedAgainstCa).toBe(false);
    expect(verifyPackage(stamped).ok).toBe(true);
  });

  it('names a token from another TSA, a flipped byte in manifest.tsr and a token for another manifest', () => {
    expect(verifyPackage(stamped, { tsaTrusted: [tsa.ca('rogue')] }).breaks).toEqual([
      {
        code: 'timestamp_invalid',
        path: 'manifest.tsr',
        message: 'manifest.tsr: the TSA’s certificate is not issued by a trusted CA',
      },
    ]);
    const flipped = verifyPackage(
      rezip(stamped, (f) => f.set('manifest.tsr', flipLast(f.get('manifest.tsr')!))),
    );
    expect(flipped.breaks.map((b) => b.code)).toEqual(
      expect.arrayContaining(['sha256sums_mismatch', 'timestamp_invalid']),
    );
    const other = packageOf(organization(), '2026-12-02T00:00:00Z');
    const otherTsr = new Map(rezipEntries(stamped)).get('manifest.tsr')!;
    const moved = verifyPackage(rezip(other.zip, (f) => f.set('manifest.tsr', otherTsr)));
    expect(moved.breaks.map((b) => b.message)).toContain(
      'manifest.tsr: the timestamp is for other data',
    );
  });

  it('refuses a reply that does not stamp the package', () => {
    const request = packageTimestampRequest(built.zip);
    const otherRequest = packageTimestampRequest(
      packageOf(organization(), '2026-12-03T00:00:00Z').zip,
    );
    expect(() => addPackageTimestamp(built.zip, tsa.reply(otherRequest.der), request)).toThrow(
      /does not stamp this package: the timestamp is for other data/,
    );
  });

  it('is what openssl ts -verify accepts for the extracted manifest.json', () => {
    const files = new Map(rezipEntries(stamped));
    writeFileSync(tsa.path('manifest.json'), files.get('manifest.json')!);
    writeFileSync(tsa.path('manifest.tsr'), files.get('manifest.tsr')!);
    const out = tsa.openssl(
      'ts',
      '-verify',
      '-token_in',
      '-in',
      'manifest.tsr',
      '-data',
      'manifest.json',
      '-CAfile',
      'good-ca.pem',
    );
    expect(out.toString()).toContain('Verification: OK');
    expect(
      execFileSync('sha256sum', ['-c', '-'], {
        cwd: tsa.path('.'),
        input: `${lineFor(files, 'manifest.tsr')}\n`,
      }).toString(),
    ).toContain('manifest.tsr: OK');
  });
});

/** The token with the last byte of its signature flipped. */
function flipLast(data: Buffer): Buffer {
  const copy = Buffer.from(data);
  copy[copy.length - 1]! ^= 0x01;
  return copy;
}

function rezipEntries(zip: Buffer): [string, Buffer][] {
  return readZip(zip).map((e) => [e.name, e.data]);
}

/** The SHA256SUMS line the package holds for `name`. */
function lineFor(files: Map<string, Buffer>, name: string): string {
  return files
    .get('SHA256SUMS')!
    .toString()
    .split('\n')
    .find((l) => l.endsWith(`  ${name}`))!;
}
