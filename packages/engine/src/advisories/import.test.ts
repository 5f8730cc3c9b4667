import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import type net from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { gzipSync } from 'node:zlib';
import type { TFinding } from '@netguard/contracts';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createEngine } from '../engine.ts';
import type { Peer } from '../testing/peers.ts';
import { startBannerPeer } from '../testing/protocol-peers.ts';
import { EPSS_CSV, kevFeed, nvdFeed } from './feed-fixtures.ts';
import { importAdvisories } from './import.ts';
import { debianOsv, otherOsv, vulnrichmentRecords } from './osv-fixtures.ts';
import { ZAdvisoryStore } from './schema.ts';
import { loadAdvisories } from './store.ts';

let dir: string;
const files = { nvd: '', kev: '', epss: '' };
let feedServer: http.Server;
let base: string;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'netguard-advisories-'));
  files.nvd = join(dir, 'nvd.json');
  files.kev = join(dir, 'kev.json');
  files.epss = join(dir, 'epss.csv');
  writeFileSync(files.nvd, JSON.stringify(nvdFeed()));
  writeFileSync(files.kev, JSON.stringify(kevFeed()));
  writeFileSync(files.epss, EPSS_CSV);
  // A feed mirror on loopback: the import reads URLs the same way as files.
  feedServer = http.createServer((req, res) => {
    if (req.url === '/nvd.json') return res.end(JSON.stringify(nvdFeed()));
    if (req.url === '/kev.json') return res.end(JSON.stringify(kevFeed()));
    if (req.url === '/epss.csv.gz') return res.end(gzipSync(EPSS_CSV));
    if (req.url === '/big.json') return res.end(Buffer.alloc(64 * 1024, 32));
    if (req.url === '/slow.json') return; // never answers
    res.writeHead(404).end('not found');
  });
  await new Promise<void>((resolve) => feedServer.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(feedServer.address() as net.AddressInfo).port}`;
});

afterAll(async () => {
  feedServer.closeAllConnections();
  await new Promise((resolve) => feedServer.close(resolve));
  rmSync(dir, { recursive: true, force: true });
});

const outPath = (name: string) => join(dir, name, 'advisories.json');

describe('importAdvisories', () => {
  it('converts NVD, merges KEV and EPSS by CVE and writes a valid store', async () => {
    const out = outPath('files');
    const result = await importAdvisories({
      nvd: [files.nvd],
      kev: files.kev,
      epss: files.epss,
      out,
    });
    expect(result).toMatchObject({
      path: out,
      nvd: { cves: 7, advisories: 4, unmapped: 1, noCvss: 1 },
      kev: { entries: 2, invalid: 1, matching: 2 },
      epss: { rows: 3, invalid: 1, kept: 2 },
      store: { advisories: 4, kev: 2, epss: 2, distributions: 0, ssvc: 0 },
    });
    const store = ZAdvisoryStore.parse(JSON.parse(readFileSync(out, 'utf8')));
    const nginx = store.advisories.find((a) => a.id === 'nginx/CVE-2023-44487')!;
    expect(nginx.kev?.date_added).toBe('2023-10-10');
    expect(nginx.epss).toEqual({
      score: 0.9441,
      percentile: 0.9995,
      date: '2026-11-20',
      model_version: 'v2025.03.14',
    });
    expect(store.epss['CVE-1999-0001']).toBeUndefined();

    // The flags also reach bundled advisories with the same CVE when the engine loads the file.
    const loaded = loadAdvisories({ file: out });
    const regreSSHion = loaded.find((a) => a.id === 'openssh/CVE-2024-6387')!;
    expect(regreSSHion.kev?.date_added).toBe('2024-07-15');
    expect(regreSSHion.epss?.score).toBe(0.38);
    expect(loaded.some((a) => a.id === 'openssh/CVE-2023-51385')).toBe(true);
  });

  it('merges a later KEV-only import into the existing file instead of dropping advisories', async () => {
    const out = outPath('merge');
    await importAdvisories({ nvd: [files.nvd], out });
    const onlyOne = join(dir, 'kev-one.json');
    writeFileSync(onlyOne, JSON.stringify(kevFeed(['CVE-2023-51385'])));
    const result = await importAdvisories({ kev: onlyOne, out });
    expect(result.store).toMatchObject({ advisories: 4, kev: 1, epss: 0 });
    const replaced = await importAdvisories({ kev: onlyOne, out, replace: true });
    expect(replaced.store.advisories).toBe(0);
  });

  it('reads the same feeds over HTTP, gzip included', async () => {
    const result = await importAdvisories({
      nvd: [`${base}/nvd.json`],
      kev: `${base}/kev.json`,
      epss: `${base}/epss.csv.gz`,
      out: outPath('http'),
    });
    expect(result.store).toMatchObject({ advisories: 4, kev: 2, epss: 2 });
  });

  it('refuses feeds that fail, are too large or too slow, and writes nothing', async () => {
    const out = outPath('errors');
    await expect(importAdvisories({ nvd: [`${base}/missing.json`], out })).rejects.toThrow(
      `Cannot fetch ${base}/missing.json: HTTP 404`,
    );
    await expect(
      importAdvisories({ nvd: [`${base}/big.json`], out, maxBytes: 1024 }),
    ).rejects.toThrow('larger than the 1024-byte limit');
    await expect(importAdvisories({ nvd: [files.nvd], out, maxBytes: 100 })).rejects.toThrow(
      'larger than the 100-byte limit',
    );
    await expect(
      importAdvisories({ kev: `${base}/slow.json`, out, timeoutMs: 300 }),
    ).rejects.toThrow('no answer within 300 ms');
    await expect(importAdvisories({ kev: files.nvd, out })).rejects.toThrow(
      'not a CISA KEV catalog',
    );
    await expect(importAdvisories({ nvd: [files.kev], out })).rejects.toThrow('not an NVD CVE');
    await expect(importAdvisories({ out })).rejects.toThrow('Nothing to import');
    expect(() => readFileSync(out)).toThrow();
  });
});

describe('engine with an imported advisories file', () => {
  let peer: Peer | undefined;
  afterEach(async () => {
    await peer?.close();
    peer = undefined;
  });

  async function scan(advisoriesFile?: string): Promise<TFinding[]> {
    const findings: TFinding[] = [];
    await createEngine({
      ports: [peer!.port],
      skipDiscovery: true,
      checks: 'vulnerable-version',
      serviceTimeoutMs: 1500,
      advisoriesFile,
    }).run(peer!.host, { onFinding: (f) => findings.push(f) });
    return findings;
  }

  it('reports an imported CVE and raises risk for KEV and EPSS data on a bundled one', async () => {
    const out = outPath('engine');
    await importAdvisories({ nvd: [files.nvd], kev: files.kev, epss: files.epss, out });
    peer = await startBannerPeer('127.0.0.1', 'SSH-2.0-OpenSSH_9.5p1 Debian-1\r\n');

    const bundledOnly = await scan();
    expect(bundledOnly.map((f) => f.cve_id)).toEqual(['CVE-2024-6387']);
    expect(bundledOnly[0]!.risk_score).toBe(81);

    const withFile = await scan(out);
    expect(withFile.map((f) => f.cve_id).sort()).toEqual(['CVE-2023-51385', 'CVE-2024-6387']);
    const regreSSHion = withFile.find((f) => f.cve_id === 'CVE-2024-6387')!;
    expect(regreSSHion.risk_score).toBe(100);
    expect(regreSSHion.description).toContain('since 2024-07-15');
    expect(regreSSHion.mitigations[0]!.priority).toBe('immediate');
    const imported = withFile.find((f) => f.cve_id === 'CVE-2023-51385')!;
    expect(imported).toMatchObject({ severity: 'medium', cvss_score: 6.5 });
    expect(imported.evidence).toContain('SSH-2.0-OpenSSH_9.5p1 Debian-1');
  });

  it('refuses to start with an advisories file that is not one', () => {
    expect(() => createEngine({ advisoriesFile: files.kev })).toThrow(
      `${files.kev} is not a NetGuard advisories file`,
    );
  });
});

describe('netguard-scan advisories import (CLI)', () => {
  const bin = join(import.meta.dirname, '../../bin/netguard-scan.js');
  const run = (args: string[], env: NodeJS.ProcessEnv = {}) =>
    promisify(execFile)(process.execPath, [bin, ...args], {
      timeout: 30_000,
      env: { ...process.env, ...env },
    });

  it('imports into $NETGUARD_DATA_DIR/advisories.json and prints counts', async () => {
    const dataDir = join(dir, 'cli-data');
    const { stdout } = await run(
      ['advisories', 'import', '--nvd', files.nvd, '--kev', files.kev, '--epss', files.epss],
      { NETGUARD_DATA_DIR: dataDir },
    );
    expect(stdout).toContain('NVD: 7 CVEs read, 4 advisories created');
    expect(stdout).toContain('KEV: 2 entries, 2 matching an advisory');
    expect(stdout).toContain('EPSS: 3 scores read, 2 kept for known CVEs');
    expect(stdout).toContain(`Wrote ${join(dataDir, 'advisories.json')}: 4 imported advisories`);
    expect(
      ZAdvisoryStore.safeParse(JSON.parse(readFileSync(join(dataDir, 'advisories.json'), 'utf8')))
        .success,
    ).toBe(true);
  });

  it('imports OSV records and a folder of Vulnrichment records given with --osv and --vulnrichment', async () => {
    const osv = join(dir, 'osv.json');
    writeFileSync(osv, JSON.stringify([...debianOsv(), ...otherOsv()]));
    const folder = join(dir, 'vulnrichment', '2024', '6xxx');
    mkdirSync(folder, { recursive: true });
    for (const record of vulnrichmentRecords())
      writeFileSync(join(folder, `${record.cveMetadata.cveId}.json`), JSON.stringify(record));
    const out = outPath('cli-osv');
    const { stdout } = await run([
      'advisories',
      'import',
      '--osv',
      osv,
      '--vulnrichment',
      join(dir, 'vulnrichment'),
      '--out',
      out,
    ]);
    expect(stdout).toContain('OSV: 7 records read, 6 gave 8 distribution fixes');
    expect(stdout).toContain('Vulnrichment: 3 records read, 2 with CISA SSVC or KEV data');
    expect(stdout).toContain('8 distribution fixes, 2 SSVC entries');
  });

  it('scans with the default advisories file, or the one --advisories names', async () => {
    const peer = await startBannerPeer('127.0.0.1', 'SSH-2.0-OpenSSH_9.5p1\r\n');
    try {
      const args = ['127.0.0.1', '-p', String(peer.port), '-Pn', '--checks', 'vulnerable-version'];
      await importAdvisories({ nvd: [files.nvd], out: outPath('cli-scan') });
      const { stdout } = await run(args, { NETGUARD_DATA_DIR: join(dir, 'cli-scan') });
      const cves = stdout
        .trim()
        .split('\n')
        .map((l) => JSON.parse(l))
        .filter((l) => l.type === 'finding')
        .map((f) => f.cve_id);
      expect(cves.sort()).toEqual(['CVE-2023-51385', 'CVE-2024-6387']);
      await expect(run([...args, '--advisories', files.kev])).rejects.toMatchObject({
        code: 2,
        stderr: expect.stringContaining('is not a NetGuard advisories file'),
      });
    } finally {
      await peer.close();
    }
  });

  it('exits 2 with usage on a bad command and 1 when a feed is missing', async () => {
    await expect(run(['advisories', 'export'])).rejects.toMatchObject({
      code: 2,
      stderr: expect.stringContaining('Unknown advisories command "export"'),
    });
    await expect(
      run([
        'advisories',
        'import',
        '--nvd',
        join(dir, 'nope.json'),
        '--out',
        outPath('cli-missing'),
      ]),
    ).rejects.toMatchObject({ code: 1, stderr: expect.stringContaining('ENOENT') });
  });
});
