import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ImportResult, importAdvisories } from './import.ts';
import { debianOsv, vulnrichmentRecords } from './osv-fixtures.ts';
import { bundledAdvisories, loadAdvisories } from './store.ts';

const dir = mkdtempSync(join(tmpdir(), 'netguard-store-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function feedFile(name: string, value: unknown): string {
  writeFileSync(join(dir, name), JSON.stringify(value));
  return join(dir, name);
}

describe('distribution fixes and SSVC in the advisories store', () => {
  const out = join(dir, 'advisories.json');
  let imported: ImportResult;
  beforeAll(async () => {
    imported = await importAdvisories({
      osv: [feedFile('debian.json', debianOsv())],
      vulnrichment: [feedFile('vulnrichment.json', vulnrichmentRecords())],
      out,
    });
  });

  it('imports OSV fixes and SSVC entries by CVE and counts them', () => {
    expect(imported).toMatchObject({
      osv: { records: 4, imported: 3, unknown: 1, fixes: 4 },
      vulnrichment: { records: 3, imported: 2, noSsvc: 1 },
      store: { advisories: 0, distributions: 4, ssvc: 2, kev: 1 },
    });
  });

  it('applies a Debian fix to the bundled advisory with that CVE and product', () => {
    const before = bundledAdvisories().find((a) => a.id === 'openssh/CVE-2024-6387')!;
    // The bundled set has no Debian 13 entry; the imported OSV record brings one.
    expect(before.distributions ?? []).not.toContainEqual(
      expect.objectContaining({ distro: 'debian', release: '13' }),
    );
    const loaded = loadAdvisories({ file: out });
    const regreSSHion = loaded.find((a) => a.id === 'openssh/CVE-2024-6387')!;
    expect(regreSSHion.distributions).toContainEqual({
      distro: 'debian',
      release: '13',
      package: 'openssh',
      fixed: '1:9.7p1-7',
    });
    const agent = loaded.find((a) => a.id === 'openssh/CVE-2023-38408')!;
    expect(agent.distributions).toContainEqual(
      expect.objectContaining({ release: '12', fixed: '1:9.2p1-2+deb12u1' }),
    );
  });

  it('keeps a fix for a CVE without an advisory and applies it when one arrives', () => {
    const postgres = {
      ...bundledAdvisories().find((a) => a.product === 'postgresql')!,
      id: 'postgresql/CVE-2024-10979',
      cve_id: 'CVE-2024-10979',
    };
    const loaded = loadAdvisories({ file: out, advisories: [postgres] });
    expect(loaded.find((a) => a.id === postgres.id)!.distributions).toContainEqual(
      expect.objectContaining({
        distro: 'debian',
        package: 'postgresql-15',
        fixed: '15.10-0+deb12u1',
      }),
    );
    // A fix is for its product only: an advisory of another product with that CVE gets none.
    const other = { ...postgres, id: 'mysql/CVE-2024-10979', product: 'mysql' };
    const mysql = loadAdvisories({ file: out, advisories: [other] }).find(
      (a) => a.id === other.id,
    )!;
    expect(mysql.distributions).toEqual(postgres.distributions);
  });

  it('applies fixes, KEV and EPSS given to loadAdvisories directly (a server holding them in a database)', () => {
    const fix = {
      distro: 'ubuntu',
      release: '22.04',
      package: 'openssh',
      fixed: '1:8.9p1-3ubuntu0.10',
    } as const;
    const epss = {
      score: 0.38,
      percentile: 0.971,
      date: '2026-11-20',
      model_version: 'v2025.03.14',
    };
    const loaded = loadAdvisories({
      distributions: [{ ...fix, cve_id: 'CVE-2024-6387', product: 'openssh' }],
      kev: { 'CVE-2024-6387': { date_added: '2024-07-15' } },
      epss: { 'CVE-2024-6387': epss },
    });
    expect(loaded.find((a) => a.id === 'openssh/CVE-2024-6387')).toMatchObject({
      kev: { date_added: '2024-07-15' },
      epss,
      distributions: expect.arrayContaining([fix]),
    });
  });
});
