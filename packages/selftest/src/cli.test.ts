import { rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testResources } from '../../../scripts/testing/current.ts';
import { runCli } from './cli.ts';
import { makeFixtureCerts } from './testing/certs.ts';
import { startFixture } from './testing/fixture-server.ts';

type Site = Awaited<ReturnType<typeof startFixture>>;
let good: Site;
let bad: Site;
let dir: string;

beforeAll(async () => {
  const net = testResources();
  const certs = makeFixtureCerts(net.host(1));
  dir = net.tempDir('cli');
  writeFileSync(join(dir, 'ca.pem'), certs.ca);
  good = await startFixture(net.host(1), 'good', { ...certs.valid, minVersion: 'TLSv1.2' });
  bad = await startFixture(net.host(1), 'bad');
});
afterAll(async () => {
  await good?.close();
  await bad?.close();
  rmSync(dir, { recursive: true, force: true });
});

async function cli(...argv: string[]) {
  let out = '';
  let err = '';
  const code = await runCli(argv, { out: (t) => (out += t), err: (t) => (err += t) });
  return { code, out, err };
}

describe('netguard-selftest security', () => {
  it('runs the quick test against a hardened deployment: 10 passed, exit 0, with the grades', async () => {
    const r = await cli('security', good.url, '--quick', '--ca', join(dir, 'ca.pem'));
    expect(r.code, r.out).toBe(0);
    expect(r.out).toContain('10 passed, 0 failed, 0 inconclusive');
    expect(r.out).toContain('Observatory: ');
    expect(r.out).toMatch(/TLS: A\+? \(/);
  });

  it('exits 1 on failures and prints why, and names what keeps the full suite from a grade', async () => {
    const r = await cli('security', bad.url);
    expect(r.code).toBe(1);
    expect(r.out).toMatch(/FAILED\s+security\.hsts/);
    expect(r.out).toMatch(/INCONCLUSIVE\s+security\.authorization .*no canary provider/);
    expect(r.out).toContain('Observatory: No grade: ');
    const json = await cli('security', bad.url, '--quick', '--json');
    expect(JSON.parse(json.out).totals.failedTests).toBe(10);
  });

  it('refuses bad arguments with exit 2', async () => {
    expect((await cli('security')).code).toBe(2);
    expect((await cli('security', 'ftp://x')).code).toBe(2);
    expect((await cli('security', good.url, '--budget', '-1')).err).toContain('--budget');
    expect((await cli('--help')).out).toContain('Usage:');
  });
});
