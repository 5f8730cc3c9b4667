// The compiled netguard-evidence (bin/netguard-evidence.js on plain node) on packages written to
// a folder of this file's own: exit 0 when everything holds, 1 naming each break, 2 on misuse.
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addPackageTimestamp, packageTimestampRequest } from './package/timestamp.ts';
import { createTestTsa, type TestTsa } from './testing/openssl-tsa.ts';
import { flipByte, later, organization, packageOf, rezip } from './testing/package-fixture.ts';

const BIN = fileURLToPath(new URL('../bin/netguard-evidence.js', import.meta.url));

/** Runs the CLI in the test's folder: exit status and output. */
async function run(
  ...args: string[]
): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const child = spawn(process.execPath, [BIN, ...args], { cwd: dir, timeout: 30_000 });
  let [stdout, stderr] = ['', ''];
  child.stdout.on('data', (d) => (stdout += d));
  child.stderr.on('data', (d) => (stderr += d));
  const [code] = (await once(child, 'close')) as [number | null];
  return { code, stdout, stderr };
}

let dir: string;
let tsa: TestTsa;
const org = organization();
const first = packageOf(org);
const second = packageOf(later(org, first), '2026-12-08T12:00:00Z', first);

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'netguard-evidence-cli-'));
  writeFileSync(join(dir, 'first.zip'), first.zip);
  writeFileSync(join(dir, 'second.zip'), second.zip);
  writeFileSync(
    join(dir, 'tampered.zip'),
    rezip(second.zip, (f) => f.set('evidence/ev-4.json', flipByte(f.get('evidence/ev-4.json')!))),
  );
  writeFileSync(join(dir, 'truncated.zip'), second.zip.subarray(0, second.zip.length - 100));
  tsa = createTestTsa();
  const request = packageTimestampRequest(second.zip);
  writeFileSync(
    join(dir, 'stamped.zip'),
    addPackageTimestamp(second.zip, tsa.reply(request.der), request),
  );
  for (const name of ['good', 'rogue'])
    writeFileSync(join(dir, `${name}-ca.pem`), tsa.ca(name).toString());
});
afterAll(() => {
  rmSync(dir, { recursive: true, force: true });
  tsa?.remove();
});

describe('netguard-evidence verify', () => {
  it('exits 0 on a sound package and on one that continues the previous', async () => {
    const alone = await run('verify', 'first.zip');
    expect(alone).toMatchObject({ code: 0, stderr: '' });
    expect(alone.stdout).toContain('OK first.zip');
    expect(alone.stdout).toContain('3 evidence items, 5 ledger rows, 3 signed digests');
    expect(alone.stdout).toContain(`Merkle root ${first.manifest.merkleRoot}`);
    const chained = await run(
      'verify',
      'second.zip',
      '--previous',
      'first.zip',
      '--fingerprint',
      first.manifest.publicKeyFingerprint,
    );
    expect(chained.code).toBe(0);
    expect(chained.stdout).toContain('OK second.zip (continues first.zip)');
  });

  it('exits 1 naming each break: a flipped byte, packages in the wrong order, a truncated ZIP', async () => {
    const tampered = await run('verify', 'tampered.zip');
    expect(tampered.code).toBe(1);
    expect(tampered.stderr).toMatch(/^BROKEN tampered\.zip: \d+ problems/);
    expect(tampered.stderr).toContain(
      '[sha256sums_mismatch] SHA256SUMS: the SHA-256 of evidence/ev-4.json is not',
    );
    expect(tampered.stderr).toContain('[file_hash_mismatch] evidence/ev-4.json: SHA-256 is');
    const reordered = await run('verify', 'first.zip', '--previous', 'second.zip');
    expect(reordered.code).toBe(1);
    expect(reordered.stderr).toContain(
      '[previous_newer] the previous package (2026-12-08T12:00:00Z, 4 digests) is newer than this one',
    );
    const truncated = await run('verify', 'truncated.zip');
    expect(truncated.code).toBe(1);
    expect(truncated.stderr).toContain('[zip_unreadable] the package cannot be read');
  });

  it('exits 1 on a key other than the published one, and prints JSON on request', async () => {
    const r = await run('verify', 'first.zip', '--fingerprint', 'ab'.repeat(32), '--json');
    expect(r.code).toBe(1);
    expect(JSON.parse(r.stdout)).toMatchObject({
      ok: false,
      breaks: [{ code: 'public_key_unexpected', path: 'public-key.pem' }],
    });
  });

  it('checks an RFC 3161 timestamp against the TSA CA given with --tsa-ca', async () => {
    const good = await run(
      'verify',
      'stamped.zip',
      '--previous',
      'first.zip',
      '--tsa-ca',
      'good-ca.pem',
    );
    expect(good.code).toBe(0);
    expect(good.stdout).toMatch(
      /RFC 3161 timestamp \S+Z by .*good test TSA.* \(signature checked against --tsa-ca\)/,
    );
    expect((await run('verify', 'stamped.zip')).stdout).toContain(
      '(signature not checked: pass --tsa-ca)',
    );
    const rogue = await run('verify', 'stamped.zip', '--tsa-ca', 'rogue-ca.pem');
    expect(rogue.code).toBe(1);
    expect(rogue.stderr).toContain(
      '[timestamp_invalid] manifest.tsr: the TSA’s certificate is not issued by a trusted CA',
    );
    expect(await run('verify', 'stamped.zip', '--tsa-ca', 'first.zip')).toMatchObject({
      code: 2,
      stderr: expect.stringContaining('first.zip holds no readable PEM certificate'),
    });
  });

  it('exits 2 on misuse', async () => {
    expect(await run('verify')).toMatchObject({
      code: 2,
      stderr: expect.stringContaining('verify needs the package'),
    });
    expect(await run('verify', 'missing.zip')).toMatchObject({
      code: 2,
      stderr: expect.stringContaining('cannot read missing.zip: ENOENT'),
    });
    expect(await run('sign', 'first.zip')).toMatchObject({
      code: 2,
      stderr: expect.stringContaining('unknown command sign'),
    });
    expect((await run('--help')).stdout).toContain('Usage:');
  });
});
