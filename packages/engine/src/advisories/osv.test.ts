import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { parseFeed } from './feed.ts';
import { parseOsv } from './osv.ts';
import { brokenOsv, debianOsv, osvRecord, otherOsv } from './osv-fixtures.ts';
import { readRecordSources } from './record-source.ts';

const dir = mkdtempSync(join(tmpdir(), 'netguard-osv-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Writes each record as `<id>.json` into a folder, as OSV's all.zip holds them. */
function writeRecords(folder: string, records: { id: string }[]): string {
  const path = join(dir, folder);
  mkdirSync(path, { recursive: true });
  for (const r of records)
    writeFileSync(join(path, `${r.id.replace(':', '_')}.json`), JSON.stringify(r));
  return path;
}

/** A zip made by Info-ZIP's zip (not by the code under test); `-fz` forces ZIP64 records. */
function zipOf(folder: string, zip64 = false): Buffer {
  const out = join(dir, `${folder}${zip64 ? '-64' : ''}.zip`);
  execFileSync('zip', ['-q', '-r', ...(zip64 ? ['-fz'] : []), out, '.'], {
    cwd: join(dir, folder),
  });
  return readFileSync(out);
}

const osvBytes = (value: unknown) => Buffer.from(JSON.stringify(value));

describe('OSV distribution records', () => {
  it('reads Debian fixes by CVE with the engine product of the source package', () => {
    const feed = parseFeed('osv', osvBytes(debianOsv()));
    expect(feed.distributions).toEqual([
      {
        cve_id: 'CVE-2024-6387',
        product: 'openssh',
        distro: 'debian',
        release: '12',
        package: 'openssh',
        fixed: '1:9.2p1-2+deb12u3',
      },
      {
        cve_id: 'CVE-2024-6387',
        product: 'openssh',
        distro: 'debian',
        release: '13',
        package: 'openssh',
        fixed: '1:9.7p1-7',
      },
      {
        cve_id: 'CVE-2023-38408',
        product: 'openssh',
        distro: 'debian',
        release: '12',
        package: 'openssh',
        fixed: '1:9.2p1-2+deb12u1',
      },
      {
        cve_id: 'CVE-2024-10979',
        product: 'postgresql',
        distro: 'debian',
        release: '12',
        package: 'postgresql-15',
        fixed: '15.10-0+deb12u1',
      },
    ]);
    // The kernel record is for a product the engine does not detect: counted, skipped, no error.
    expect(feed).toMatchObject({
      counts: { records: 4, imported: 3, skipped: 1 },
      errors: [],
      catalogDate: '2025-01-10T08:10:41Z',
    });
  });

  it('reads Ubuntu, Alpine and AlmaLinux releases, and keeps a release not fixed yet', () => {
    const fixes = parseFeed('osv', osvBytes(otherOsv())).distributions;
    expect(fixes.map(({ distro, release, fixed }) => [distro, release, fixed ?? null])).toEqual([
      ['ubuntu', '22.04', '1:8.9p1-3ubuntu0.10'],
      ['ubuntu', '24.04', null],
      ['alpine', '3.20', '9.7_p1-r4'],
      ['rhel', '9', '8.7p1-38.el9.alma.2'],
    ]);
    expect(new Set(fixes.map((f) => f.cve_id))).toEqual(new Set(['CVE-2024-6387']));
  });

  it("takes the CVE from the record's id, else every CVE of upstream, aliases and related", () => {
    const jammy = { name: 'nginx', ecosystem: 'Ubuntu:22.04:LTS', fixed: '1.18.0-6ubuntu14.4' };
    const records = [
      osvRecord('UBUNTU-CVE-2023-44487', [jammy], { related: ['CVE-2023-39325', 'USN-6427-1'] }),
      osvRecord('USN-6427-1', [jammy], { upstream: ['CVE-2023-44487', 'CVE-2023-44488'] }),
    ];
    const fixes = parseFeed('osv', osvBytes(records)).distributions;
    expect(fixes.map((f) => [f.cve_id, f.product])).toEqual([
      ['CVE-2023-44487', 'nginx'],
      ['CVE-2023-44488', 'nginx'],
    ]);
  });

  it('counts a broken record as skipped with an error line and keeps the others', () => {
    const feed = parseFeed('osv', osvBytes([...otherOsv(), brokenOsv()]), 'osv.json');
    expect(feed.counts).toEqual({ records: 4, imported: 3, skipped: 1 });
    expect(feed.errors).toEqual([expect.stringMatching(/^record 4: id: /)]);
    expect(feed.distributions).toHaveLength(4);
    expect(() => parseFeed('osv', osvBytes([brokenOsv()]), 'osv.json')).toThrow(
      'osv.json: not OSV records',
    );
  });

  it('reads an ecosystem all.zip, ZIP64 included, and a folder of records', async () => {
    const folder = writeRecords('all', [...debianOsv(), ...otherOsv()]);
    writeFileSync(join(folder, 'broken.json'), '{"id": ');
    for (const zip of [zipOf('all'), zipOf('all', true)]) {
      const feed = parseFeed('osv', zip, 'all.zip');
      expect(feed.counts).toEqual({ records: 8, imported: 6, skipped: 2 });
      expect(feed.distributions).toHaveLength(8);
      expect(feed.errors).toEqual([expect.stringMatching(/^broken\.json: not valid JSON/)]);
    }
    const fromFolder = parseOsv(await readRecordSources([folder], {}));
    expect(fromFolder.stats).toMatchObject({ records: 8, imported: 6, invalid: 1 });
    expect(fromFolder.errors).toEqual([expect.stringMatching(/^broken\.json is not valid JSON/)]);
  });
});
