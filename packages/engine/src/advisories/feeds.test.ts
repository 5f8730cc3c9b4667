import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { fixKey } from './advisory-index.ts';
import { compareDistroVersions } from './distro.ts';
import { EPSS_CSV, kevFeed, nvdFeed } from './feed-fixtures.ts';
import { parseEpss, parseKev } from './kev-epss.ts';
import { indexAdvisories, matchAdvisories } from './match.ts';
import { convertNvd } from './nvd.ts';
import { type TDistro, ZAdvisory } from './schema.ts';
import { bundledAdvisories } from './store.ts';
import { parseVersion } from './version.ts';

describe('convertNvd', () => {
  const { advisories, stats } = convertNvd(nvdFeed());
  const byId = (id: string) => advisories.find((a) => a.id === id)!;

  it('makes one advisory per CVE and engine product, counting what it skips', () => {
    expect(advisories.map((a) => a.id).sort()).toEqual([
      'apache-httpd/CVE-2023-44487',
      'nginx/CVE-2023-44487',
      'openssh/CVE-2016-6210',
      'openssh/CVE-2023-51385',
    ]);
    expect(stats).toEqual({
      cves: 7,
      advisories: 4,
      invalid: 1,
      rejected: 1,
      noCvss: 1,
      unmapped: 1,
      unversioned: 1,
    });
  });

  it('maps CPE bounds to ranges and prefers the NVD (Primary) CVSS v3.1 score', () => {
    const a = byId('openssh/CVE-2023-51385');
    expect(a).toMatchObject({
      product: 'openssh',
      cpe: 'openbsd:openssh',
      cve_id: 'CVE-2023-51385',
      affected: [{ fixed: '9.6' }],
      cvss: { score: 6.5, version: '3.1', vector: 'CVSS:3.1/AV:N/AC:L/PR:N/UI:N/S:U/C:L/I:L/A:N' },
      summary: 'Test description of CVE-2023-51385.',
      references: ['https://nvd.nist.gov/vuln/detail/CVE-2023-51385'],
    });
    expect(a.solution).toContain('Upgrade OpenSSH to 9.6 or later');
    expect(byId('nginx/CVE-2023-44487').affected).toEqual([
      { introduced: '1.9.5', last_affected: '1.25.2' },
    ]);
  });

  it('joins version and update of an exact CPE ("7.2" + "p2") and falls back to CVSS v3.0', () => {
    expect(byId('openssh/CVE-2016-6210')).toMatchObject({
      affected: [{ introduced: '7.2p2', last_affected: '7.2p2' }],
      cvss: { score: 5.9, version: '3.0' },
    });
  });

  it('keeps a CVSS 4.0 vector beside the 3.1 one the score comes from', () => {
    const feed = nvdFeed();
    const v40 = 'CVSS:4.0/AV:N/AC:L/AT:N/PR:N/UI:N/VC:L/VI:L/VA:N/SC:N/SI:N/SA:N';
    const record = feed.vulnerabilities[0] as { cve: { metrics: Record<string, unknown[]> } };
    record.cve.metrics.cvssMetricV40 = [
      { type: 'Secondary', cvssData: { version: '4.0', vectorString: v40, baseScore: 6.9 } },
    ];
    const a = convertNvd(feed).advisories.find((x) => x.id === 'openssh/CVE-2023-51385')!;
    expect(a.cvss).toEqual({
      score: 6.5,
      version: '3.1',
      vector: 'CVSS:3.1/AV:N/AC:L/PR:N/UI:N/S:U/C:L/I:L/A:N',
      others: [{ score: 6.9, version: '4.0', vector: v40 }],
    });
    expect(byId('openssh/CVE-2023-51385').cvss.others).toBeUndefined();
  });

  it('rejects a document that is not an NVD response', () => {
    expect(() => convertNvd({ CVE_Items: [] })).toThrow('not an NVD CVE API 2.0 response');
  });
});

describe('parseKev and parseEpss', () => {
  it('reads KEV entries by CVE and counts malformed ones', () => {
    const { kev, invalid } = parseKev(kevFeed());
    expect(invalid).toBe(1);
    expect(kev['CVE-2024-6387']).toEqual({
      date_added: '2024-07-15',
      due_date: '2026-12-01',
      required_action:
        'Apply mitigations per vendor instructions or discontinue use of the product.',
      ransomware: false,
    });
    expect(() => parseKev([])).toThrow('not a CISA KEV catalog');
  });

  it('reads EPSS scores with the model version and score date of the comment line', () => {
    const { epss, invalid, modelVersion, scoreDate } = parseEpss(EPSS_CSV);
    expect(invalid).toBe(1);
    expect(Object.keys(epss)).toHaveLength(3);
    expect(epss['CVE-2023-44487']).toEqual({
      score: 0.9441,
      percentile: 0.9995,
      date: '2026-11-20',
      model_version: 'v2025.03.14',
    });
    expect([modelVersion, scoreDate]).toEqual(['v2025.03.14', '2026-11-20T12:55:00Z']);
    expect(() => parseEpss('a,b,c\n1,2,3\n')).toThrow('"cve,epss,percentile" header');
  });

  it('leaves model version and date absent when the EPSS comment line is missing', () => {
    const bare = parseEpss(EPSS_CSV.split('\n').slice(1).join('\n'));
    expect(bare.epss['CVE-2023-44487']).toEqual({ score: 0.9441, percentile: 0.9995 });
    expect([bare.modelVersion, bare.scoreDate]).toEqual([null, null]);
  });
});

// CVSS v3.x base score (FIRST specification, section 7.1), to catch a vector that does not fit its score.
function cvss3Score(vector: string): number {
  const m = Object.fromEntries(vector.split('/').map((p) => p.split(':') as [string, string]));
  const changed = m.S === 'C';
  const cia = { H: 0.56, L: 0.22, N: 0 } as Record<string, number>;
  const iss = 1 - (1 - cia[m.C!]!) * (1 - cia[m.I!]!) * (1 - cia[m.A!]!);
  const impact = changed ? 7.52 * (iss - 0.029) - 3.25 * (iss - 0.02) ** 15 : 6.42 * iss;
  const pr = { N: 0.85, L: changed ? 0.68 : 0.62, H: changed ? 0.5 : 0.27 }[m.PR!]!;
  const av = { N: 0.85, A: 0.62, L: 0.55, P: 0.2 }[m.AV!]!;
  const exploitability =
    8.22 * av * (m.AC === 'L' ? 0.77 : 0.44) * pr * (m.UI === 'N' ? 0.85 : 0.62);
  if (impact <= 0) return 0;
  const raw = Math.min((changed ? 1.08 : 1) * (impact + exploitability), 10);
  return Math.ceil(Math.round(raw * 100000) / 10000) / 10;
}

describe('bundled rule set', () => {
  it('states CVSS v3 scores that match their vectors', () => {
    for (const a of bundledAdvisories()) {
      if (!a.cvss.vector?.startsWith('CVSS:3')) continue;
      expect([a.id, cvss3Score(a.cvss.vector)]).toEqual([a.id, a.cvss.score]);
    }
  });

  it('is valid, has unique ids, and covers the services the engine detects', () => {
    const bundled = z.array(ZAdvisory).parse(bundledAdvisories());
    expect(new Set(bundled.map((a) => a.id)).size).toBe(bundled.length);
    const products = new Set(bundled.map((a) => a.product));
    for (const p of ['openssh', 'apache-httpd', 'nginx', 'vsftpd', 'proftpd', 'exim', 'redis'])
      expect(products).toContain(p);
    for (const p of ['mysql', 'mariadb', 'postgresql', 'openssl', 'memcached', 'mongodb'])
      expect(products).toContain(p);
    for (const a of bundled) expect(a.id).toBe(`${a.product}/${a.cve_id}`);
  });

  it('names the component of every CVE, and distribution fixes that parse in their own order', () => {
    for (const a of bundledAdvisories()) {
      expect([a.id, a.component]).toEqual([
        a.id,
        expect.stringMatching(/^(server|client|library)$/),
      ]);
      for (const fix of a.distributions ?? []) {
        const order = fix.fixed && compareDistroVersions(fix.distro, fix.fixed, fix.fixed);
        expect([a.id, fix.release, order]).toEqual([a.id, fix.release, fix.fixed ? 0 : undefined]);
        expect(fix.fixed ? parseVersion(fix.fixed.replace(/^\d+:/, '')) : {}).not.toBeNull();
      }
    }
    const ssh = bundledAdvisories().filter((a) => a.product === 'openssh');
    expect(ssh.find((a) => a.cve_id === 'CVE-2023-38408')!.component).toBe('client');
    expect(bundledAdvisories().some((a) => a.cve_id === 'CVE-2023-48795')).toBe(false);
  });

  it('gives every advisory a distribution verdict, at most one per release and package', () => {
    // No distribution tracker records MariaDB's own packages for this CVE (Debian and Ubuntu
    // filed it under mysql-5.x), so it alone has none.
    const none = ['mariadb/CVE-2012-2122'];
    for (const a of bundledAdvisories()) {
      const keys = (a.distributions ?? []).map((f) => fixKey(f.distro, f.release, f.package));
      expect([a.id, keys.length > 0]).toEqual([a.id, !none.includes(a.id)]);
      // The index keeps one fix per key: a second entry for the same key would be lost.
      expect([a.id, new Set(keys).size]).toEqual([a.id, keys.length]);
    }
  });

  it('clears Debian and Ubuntu nginx packages with the fix of CVE-2021-23017 and holds older ones', () => {
    const nginx = indexAdvisories(bundledAdvisories()).get('nginx')!;
    // What matchAdvisories does once a build names release, package and package version: the
    // advisory's fix for that key, compared in the distribution's order. (nginx's Server header
    // shows neither "1.18.0-6.1" nor the Ubuntu release, so a banner alone cannot get here.)
    const reported = (distro: TDistro, release: string, version: string) => {
      const key = fixKey(distro, release, 'nginx');
      const entry = nginx.byFix.get(key)?.find((e) => e.advisory.cve_id === 'CVE-2021-23017');
      const fix = entry!.fixes!.get(key)!;
      return fix.not_affected ? false : compareDistroVersions(distro, version, fix.fixed!)! < 0;
    };
    expect(reported('debian', '11', '1.18.0-6.1')).toBe(false);
    expect(reported('debian', '11', '1.18.0-6.1+deb11u3')).toBe(false);
    expect(reported('ubuntu', '20.04', '1.18.0-0ubuntu1.2')).toBe(false);
    expect(reported('ubuntu', '20.04', '1.18.0-0ubuntu1.4')).toBe(false);
    expect(reported('ubuntu', '20.04', '1.18.0-0ubuntu1')).toBe(true);
    expect(reported('debian', '10', '1.14.2-2+deb10u3')).toBe(true);
    // Upstream alone, 1.18.0 is in the affected range: the package fix is what clears it.
    const banner = matchAdvisories(
      {
        name: 'http',
        product: 'nginx',
        version: '1.18.0',
        http: { status: 200, headers: { server: 'nginx/1.18.0 (Debian)' }, body: '' },
      },
      indexAdvisories(bundledAdvisories()),
    ).find((m) => m.advisory.cve_id === 'CVE-2021-23017');
    expect(banner).toMatchObject({
      build: { release: '11' },
      detection: { method: 'upstream_version' },
    });
  });

  it('holds MongoBleed in every release line without a fix, rapid releases included', () => {
    const index = indexAdvisories(bundledAdvisories());
    const bleeds = (version: string) =>
      matchAdvisories({ name: 'mongodb', product: 'MongoDB', version }, index).some(
        (m) => m.advisory.cve_id === 'CVE-2025-14847',
      );
    for (const v of ['3.6.23', '4.2.25', '4.4.29', '5.3.2', '6.0.26', '6.3.2', '7.3.4', '8.1.2'])
      expect([v, bleeds(v)]).toEqual([v, true]);
    for (const v of ['3.4.24', '4.4.30', '5.0.32', '6.0.27', '7.0.28', '8.0.17', '8.2.3'])
      expect([v, bleeds(v)]).toEqual([v, false]);
  });
});
