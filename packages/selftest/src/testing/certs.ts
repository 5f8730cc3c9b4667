// Certificates for the loopback fixtures, made with the openssl CLI in a temp folder: a test CA and
// leaves for one address, valid, expired, for another name, self-signed, and an RSA one (for a
// server that can offer suites without forward secrecy).
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { makeCaFiles, prepareCaDir } from '@netguard/engine/testing/certs';

export type KeyPair = { key: string; cert: string };
export type FixtureCerts = {
  ca: string;
  valid: KeyPair;
  expired: KeyPair;
  wrongName: KeyPair;
  selfSigned: KeyPair;
  rsa: KeyPair;
};

/** Makes the fixture certificates for `address` (an IPv4 of the test file's block). */
export function makeFixtureCerts(address: string): FixtureCerts {
  const dir = mkdtempSync(join(tmpdir(), 'netguard-selftest-certs-'));
  const run = (...args: string[]) => execFileSync('openssl', args, { cwd: dir, stdio: 'pipe' });
  const read = (name: string) => readFileSync(join(dir, name), 'utf8');
  try {
    prepareCaDir(dir);
    makeCaFiles(dir, 'NetGuard Selftest CA');
    const leaf = (name: string, san: string, dates: [string, string], rsa = false): KeyPair => {
      if (rsa)
        run(
          'genpkey',
          '-algorithm',
          'RSA',
          '-pkeyopt',
          'rsa_keygen_bits:2048',
          '-out',
          `${name}.key`,
        );
      else run('ecparam', '-name', 'prime256v1', '-genkey', '-noout', '-out', `${name}.key`);
      run(
        'req',
        '-new',
        '-key',
        `${name}.key`,
        '-subj',
        `/CN=${name}`,
        '-addext',
        `subjectAltName=${san}`,
        '-out',
        `${name}.csr`,
      );
      run(
        'ca',
        '-batch',
        '-config',
        'ca.cnf',
        '-cert',
        'ca.pem',
        '-keyfile',
        'ca.key',
        '-startdate',
        dates[0],
        '-enddate',
        dates[1],
        '-in',
        `${name}.csr`,
        '-out',
        `${name}.pem`,
      );
      return { key: read(`${name}.key`), cert: read(`${name}.pem`) };
    };
    const stamp = (days: number) =>
      `${new Date(Date.now() + days * 86_400_000).toISOString().replace(/[-:T]/g, '').slice(0, 14)}Z`;
    const current: [string, string] = [stamp(-1), stamp(90)];
    const ip = `IP:${address}`;
    run('ecparam', '-name', 'prime256v1', '-genkey', '-noout', '-out', 'self.key');
    run(
      'req',
      '-x509',
      '-key',
      'self.key',
      '-out',
      'self.pem',
      '-days',
      '90',
      '-subj',
      `/CN=${address}`,
      '-addext',
      `subjectAltName=${ip}`,
    );
    return {
      ca: read('ca.pem'),
      valid: leaf('valid', ip, current),
      expired: leaf('expired', ip, [stamp(-60), stamp(-30)]),
      wrongName: leaf('wrong', 'DNS:other.invalid', current),
      selfSigned: { key: read('self.key'), cert: read('self.pem') },
      rsa: leaf('rsa', ip, current, true),
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
