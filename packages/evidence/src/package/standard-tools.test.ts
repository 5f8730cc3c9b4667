// The auditor's README steps, run with the real tools on an extracted package: Info-ZIP unzip,
// GNU sha256sum -c and OpenSSL's Ed25519 verification (pkeyutl -verify -rawin).
import { execFileSync, spawnSync } from 'node:child_process';
import {
  appendFileSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { organization, packageOf } from '../testing/package-fixture.ts';

const built = packageOf(organization());
let dir: string;
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'netguard-evidence-tools-'));
  writeFileSync(join(dir, 'package.zip'), built.zip);
  execFileSync('unzip', ['-q', 'package.zip', '-d', 'out'], { cwd: dir });
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const run = (cmd: string, args: string[]) =>
  spawnSync(cmd, args, { cwd: join(dir, 'out'), encoding: 'utf8' });
const verifySig = (file: string, sig: string) =>
  run('openssl', [
    'pkeyutl',
    '-verify',
    '-pubin',
    '-inkey',
    'public-key.pem',
    '-rawin',
    '-in',
    file,
    '-sigfile',
    sig,
  ]);

describe('an extracted package checked with standard tools', () => {
  it('passes sha256sum -c SHA256SUMS for every file', () => {
    const r = run('sha256sum', ['--strict', '-c', 'SHA256SUMS']);
    expect(r.status, r.stderr).toBe(0);
    const lines = r.stdout.trim().split('\n');
    expect(lines.length).toBe(
      readFileSync(join(dir, 'out', 'SHA256SUMS'), 'utf8')
        .trim()
        .split('\n').length,
    );
    expect(lines.every((l) => l.endsWith(': OK'))).toBe(true);
    expect(r.stdout).toContain('evidence/ev-3/mfa_settings.png: OK');
  });

  it('gives the manifest’s key fingerprint with openssl pkey | sha256sum', () => {
    const der = execFileSync(
      'openssl',
      ['pkey', '-pubin', '-in', 'public-key.pem', '-outform', 'DER'],
      { cwd: join(dir, 'out') },
    );
    const sum = execFileSync('sha256sum', { input: der }).toString().split(' ')[0];
    expect(sum).toBe(built.manifest.publicKeyFingerprint);
  });

  it('verifies the manifest and every digest with openssl pkeyutl -verify -rawin', () => {
    const m = verifySig('manifest.json', 'manifest.sig');
    expect(m.status, m.stderr).toBe(0);
    expect(m.stdout).toContain('Signature Verified Successfully');
    const tbs = readdirSync(join(dir, 'out', 'digests')).filter((f) => f.endsWith('.tbs'));
    expect(tbs).toHaveLength(3);
    for (const f of tbs) {
      const r = verifySig(`digests/${f}`, `digests/${f.replace(/\.tbs$/, '.sig')}`);
      expect(r.status, `${f}: ${r.stderr}`).toBe(0);
    }
  });

  it('fails both tools once a file is changed', () => {
    appendFileSync(join(dir, 'out', 'digests', '0002.tbs'), ' ');
    const sums = run('sha256sum', ['-c', 'SHA256SUMS']);
    expect(sums.status).not.toBe(0);
    expect(sums.stdout).toContain('digests/0002.tbs: FAILED');
    const sig = verifySig('digests/0002.tbs', 'digests/0002.sig');
    expect(sig.status).not.toBe(0);
    expect(sig.stdout).toContain('Signature Verification Failure');
  });
});
