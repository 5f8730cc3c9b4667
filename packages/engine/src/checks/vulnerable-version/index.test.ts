import { type TFinding, ZFinding } from '@netguard/contracts';
import { afterEach, describe, expect, it } from 'vitest';
import { testResources } from '../../../../../scripts/testing/current.ts';
import { indexAdvisories, matchAdvisories } from '../../advisories/match.ts';
import { type TAdvisoryInput, ZAdvisory } from '../../advisories/schema.ts';
import { loadAdvisories } from '../../advisories/store.ts';
import { contextFor } from '../../testing/check-context.ts';
import type { Peer } from '../../testing/peers.ts';
import {
  mysqlGreeting,
  startBannerPeer,
  startLinePeer,
  startRedisPeer,
} from '../../testing/protocol-peers.ts';
import { startHttpPeer } from '../../testing/servers.ts';
import { startSshd } from '../../testing/sshd.ts';
import {
  createVulnerableVersionCheck,
  riskScore,
  severityFor,
  vulnerableVersion,
  withAdvisories,
} from './index.ts';

// Peers on 127.0.0.1 take a kernel-chosen port; those on fixed addresses use the file's block.
const net = testResources();

let peer: Peer | undefined;
afterEach(async () => {
  await peer?.close();
  peer = undefined;
});

async function findingsFor(start: Promise<Peer>) {
  peer = await start;
  const ctx = await contextFor(peer);
  expect(vulnerableVersion.appliesTo(ctx)).toBe(true);
  const findings = await vulnerableVersion.run(ctx);
  for (const f of findings) expect(ZFinding.parse(f)).toEqual(f);
  return findings;
}

const cves = (findings: { cve_id: string | null }[]) => findings.map((f) => f.cve_id).sort();

describe('vulnerable-version against real peers', () => {
  it('finds regreSSHion in a plain OpenSSH 9.6p1 banner', async () => {
    const findings = await findingsFor(startBannerPeer('127.0.0.1', 'SSH-2.0-OpenSSH_9.6p1\r\n'));
    expect(cves(findings)).toEqual(['CVE-2024-6387']);
    const [f] = findings;
    expect(f!.severity).toBe('high');
    expect(f!.cvss_score).toBe(8.1);
    expect(f!.risk_score).toBe(81);
    expect(f!.evidence).toContain('SSH-2.0-OpenSSH_9.6p1');
    expect(f!.evidence).toContain('>= 8.5p1, < 9.8p1');
    expect(f!.description).toContain('OpenSSH 9.6p1 is in the affected range');
    expect(f!.mitigations[0]).toMatchObject({ action_type: 'upgrade', priority: 'urgent' });
    expect(f!.mitigations[0]!.instructions[0]).toContain('9.8p1');
  });

  it('stays quiet for OpenSSH 9.8p1', async () => {
    expect(await findingsFor(startBannerPeer(net.host(2), 'SSH-2.0-OpenSSH_9.8p1\r\n'))).toEqual(
      [],
    );
  });

  it('judges an Ubuntu 22.04 OpenSSH by its package revision, never by the client-only ssh-agent CVE', async () => {
    const old = await findingsFor(
      startBannerPeer('127.0.0.1', 'SSH-2.0-OpenSSH_8.9p1 Ubuntu-3ubuntu0.1\r\n'),
    );
    expect(cves(old)).toEqual(['CVE-2024-6387']);
    expect(old[0]!.detection).toMatchObject({
      method: 'package_revision',
      qod: 97,
      distribution: 'Ubuntu 22.04',
    });
    expect(old[0]!.detection!.detail).toContain(
      '1:8.9p1-3ubuntu0.1 on Ubuntu 22.04 is older than 1:8.9p1-3ubuntu0.10',
    );
    await peer!.close();
    expect(
      await findingsFor(
        startBannerPeer('127.0.0.1', 'SSH-2.0-OpenSSH_8.9p1 Ubuntu-3ubuntu0.10\r\n'),
      ),
    ).toEqual([]);
  });

  it('finds both path traversal CVEs in Apache 2.4.49, KEV-listed and raised', async () => {
    const findings = await findingsFor(
      startHttpPeer('127.0.0.1', (_q, res) =>
        res.writeHead(200, { Server: 'Apache/2.4.49 (Unix)' }).end('ok'),
      ),
    );
    expect(cves(findings)).toEqual(['CVE-2021-41773', 'CVE-2021-42013']);
    const traversal = findings.find((f) => f.cve_id === 'CVE-2021-41773')!;
    expect(traversal.evidence).toContain('server: Apache/2.4.49 (Unix)');
    expect(traversal.risk_score).toBe(95);
    expect(traversal.description).toContain(
      'Known Exploited Vulnerabilities catalog since 2021-11-03',
    );
    expect(traversal.mitigations[0]!.priority).toBe('immediate');
  });

  it('reads OpenSSL from the Server header and finds Heartbleed, but not for Apache 2.4.51', async () => {
    const findings = await findingsFor(
      startHttpPeer('127.0.0.1', (_q, res) =>
        res.writeHead(200, { Server: 'Apache/2.4.51 (Ubuntu) OpenSSL/1.0.1f' }).end('ok'),
      ),
    );
    expect(cves(findings)).toEqual(['CVE-2014-0160']);
    expect(findings[0]!.title).toContain('OpenSSL 1.0.1f');
    expect(findings[0]!.detection).toMatchObject({ method: 'upstream_version', qod: 30 });
  });

  it('finds the nginx resolver bug in 1.18.0 and not in 1.20.1', async () => {
    const old = await findingsFor(
      startHttpPeer('127.0.0.1', (_q, res) => res.writeHead(200, { Server: 'nginx/1.18.0' }).end()),
    );
    expect(cves(old)).toEqual(['CVE-2021-23017']);
    await peer!.close();
    const fixed = await findingsFor(
      startHttpPeer('127.0.0.1', (_q, res) => res.writeHead(200, { Server: 'nginx/1.20.1' }).end()),
    );
    expect(fixed).toEqual([]);
  });

  it('finds the vsftpd 2.3.4 backdoor and not vsftpd 3.0.3', async () => {
    const bad = await findingsFor(startBannerPeer('127.0.0.1', '220 (vsFTPd 2.3.4)\r\n'));
    expect(cves(bad)).toEqual(['CVE-2011-2523']);
    expect(bad[0]!.severity).toBe('critical');
    await peer!.close();
    expect(await findingsFor(startBannerPeer('127.0.0.1', '220 (vsFTPd 3.0.3)\r\n'))).toEqual([]);
  });

  it('finds ProFTPD 1.3.5 mod_copy and not 1.3.5a', async () => {
    const bad = await findingsFor(
      startBannerPeer('127.0.0.1', '220 ProFTPD 1.3.5 Server (Debian) [127.0.0.1]\r\n'),
    );
    expect(cves(bad)).toEqual(['CVE-2015-3306']);
    await peer!.close();
    const good = await findingsFor(
      startBannerPeer('127.0.0.1', '220 ProFTPD 1.3.5a Server (Debian) [127.0.0.1]\r\n'),
    );
    expect(good).toEqual([]);
  });

  it('finds Exim 4.91 on SMTP', async () => {
    const findings = await findingsFor(
      startBannerPeer(
        '127.0.0.1',
        '220 mx.example ESMTP Exim 4.91 Mon, 01 Jan 2024 00:00:00 +0000\r\n',
      ),
    );
    expect(cves(findings)).toEqual(['CVE-2019-10149']);
  });

  it('reads the full MySQL version string, distribution suffix included', async () => {
    const old = await findingsFor(
      startBannerPeer('127.0.0.1', mysqlGreeting('5.5.23-0ubuntu0.12.04.1')),
    );
    expect(cves(old)).toEqual(['CVE-2012-2122']);
    expect(old[0]!.evidence).toContain('5.5.23-0ubuntu0.12.04.1');
    expect(old[0]!.severity).toBe('medium');
    await peer!.close();
    expect(
      await findingsFor(startBannerPeer('127.0.0.1', mysqlGreeting('5.7.33-0ubuntu0.18.04.1'))),
    ).toEqual([]);
  });

  it('finds Redis 6.0.9 advisories from INFO server', async () => {
    const findings = await findingsFor(startRedisPeer('127.0.0.1'));
    expect(cves(findings)).toEqual(['CVE-2021-32675', 'CVE-2022-0543']);
    const lua = findings.find((f) => f.cve_id === 'CVE-2022-0543')!;
    expect(lua.description).toContain('Debian or Ubuntu packages');
    expect(lua.evidence).toContain('redis_version:6.0.9');
  });
});

describe('advisory texts', () => {
  it('name the port the service was found on, not its default', async () => {
    const findings = await findingsFor(
      startLinePeer('127.0.0.1', null, (line) =>
        line === 'version' ? 'VERSION 1.5.5\r\n' : 'ERROR\r\n',
      ),
    );
    expect(cves(findings)).toEqual(['CVE-2018-1000115']);
    const [f] = findings;
    const port = String(peer!.port);
    expect(f!.port).toBe(peer!.port);
    expect(f!.solution).toContain(`block UDP port ${port}`);
    expect(f!.description).toContain(`(${port} here)`);
    expect(f!.mitigations[0]!.instructions[0]).toBe(f!.solution);
    const texts = [f!.description, f!.solution, ...f!.mitigations[0]!.instructions].join(' ');
    expect(texts).not.toContain('11211');
    expect(texts).not.toContain('{port}');
  });
});

describe('scoring', () => {
  it('bands severity by CVSS', () => {
    expect([10, 9, 8.9, 7, 6.9, 4, 3.9, 0.1, 0].map(severityFor)).toEqual([
      'critical',
      'critical',
      'high',
      'high',
      'medium',
      'medium',
      'low',
      'low',
      'info',
    ]);
  });

  it('raises risk for KEV listing and high EPSS, capped at 100', () => {
    const cvss = { score: 6.5 };
    expect(riskScore({ cvss })).toBe(65);
    expect(riskScore({ cvss, kev: {} })).toBe(85);
    expect(riskScore({ cvss, epss: { score: 0.02, percentile: 0.5 } })).toBe(65);
    expect(riskScore({ cvss, epss: { score: 0.2, percentile: 0.9 } })).toBe(73);
    expect(riskScore({ cvss, epss: { score: 0.9, percentile: 0.99 } })).toBe(80);
    expect(riskScore({ cvss: { score: 9.8 }, kev: {}, epss: { score: 0.97, percentile: 1 } })).toBe(
      100,
    );
  });

  it('matches advisories written with a detected product name instead of a key', async () => {
    const check = createVulnerableVersionCheck(() => [
      {
        id: 'local/1',
        product: 'vsFTPd',
        affected: [{ introduced: '3.0.0', fixed: '3.0.5' }],
        cve_id: null,
        cvss: { score: 5 },
        summary: 'A local test advisory.',
        solution: 'Upgrade.',
        references: [],
      },
    ]);
    peer = await startBannerPeer('127.0.0.1', '220 (vsFTPd 3.0.3)\r\n');
    const [finding] = await check.run(await contextFor(peer));
    expect(finding).toMatchObject({
      cve_id: null,
      severity: 'medium',
      title: expect.stringContaining('local/1'),
    });
  });
});

describe('distribution-aware matching', () => {
  const one = (findings: TFinding[], cve: string) => findings.find((f) => f.cve_id === cve);

  it('reports neither regreSSHion nor the ssh-agent CVE on the real Debian 12 sshd (+deb12u10)', async () => {
    const findings = await findingsFor(startSshd({ passwordAuthentication: false }));
    const banner = (await contextFor(peer!)).service.banner ?? '';
    expect(banner).toMatch(/^SSH-2\.0-OpenSSH_9\.2p1 Debian-2\+deb12u\d+/);
    expect(cves(findings)).toEqual([]);
  });

  it('finds regreSSHion by package revision in +deb12u2, but not the client-only CVE-2023-38408', async () => {
    const findings = await findingsFor(
      startBannerPeer(net.host(3), 'SSH-2.0-OpenSSH_9.2p1 Debian-2+deb12u2\r\n'),
    );
    expect(cves(findings)).toEqual(['CVE-2024-6387']);
    const f = one(findings, 'CVE-2024-6387')!;
    expect(f.detection).toEqual({
      method: 'package_revision',
      qod: 97,
      detail:
        "Package openssh 1:9.2p1-2+deb12u2 on Debian 12 is older than 1:9.2p1-2+deb12u3, the distribution's fix for CVE-2024-6387.",
      distribution: 'Debian 12',
    });
    expect(f.title).toBe(
      'CVE-2024-6387: regreSSHion: unauthenticated remote code execution in OpenSSH sshd (OpenSSH 9.2p1, Debian 12 package 1:9.2p1-2+deb12u2)',
    );
    expect(f.mitigations[0]!.description).toContain(
      "Debian 12's openssh package 1:9.2p1-2+deb12u3",
    );
  });

  // The real sshd above only proves "no finding on this machine's revision": these fixed banners
  // pin each side of the Debian 12 fixes (CVE-2024-6387 in deb12u3, CVE-2023-38408 in deb12u1).
  it.each([
    [net.host(41), 'Debian-2+deb12u10', []],
    [net.host(42), 'Debian-2+deb12u3', []],
    [net.host(43), 'Debian-2+deb12u2', ['CVE-2024-6387']],
  ])(
    'judges the Debian 12 banner %s OpenSSH_9.2p1 %s by its package revision',
    async (host, build, expected) => {
      const findings = await findingsFor(
        startBannerPeer(host, `SSH-2.0-OpenSSH_9.2p1 ${build}\r\n`),
      );
      expect(cves(findings)).toEqual(expected);
    },
  );

  it('never reports the client-only ssh-agent CVE-2023-38408 on sshd, though its version is affected', async () => {
    // 1:9.2p1-2 is older than Debian's fix for both CVEs (deb12u1, deb12u3) and 9.2p1 is below
    // the upstream fix 9.3p2: only the advisory's component (client) keeps CVE-2023-38408 out.
    for (const [host, banner] of [
      [net.host(44), 'SSH-2.0-OpenSSH_9.2p1 Debian-2\r\n'],
      [net.host(45), 'SSH-2.0-OpenSSH_9.2p1\r\n'],
    ] as const) {
      const findings = await findingsFor(startBannerPeer(host, banner));
      expect(cves(findings)).toEqual(['CVE-2024-6387']);
      await peer!.close();
      peer = undefined;
    }
  });

  it('matches a banner without a distribution on the upstream version (QoD 80)', async () => {
    const findings = await findingsFor(startBannerPeer(net.host(4), 'SSH-2.0-OpenSSH_9.2p1\r\n'));
    expect(cves(findings)).toEqual(['CVE-2024-6387']);
    expect(findings[0]!.detection).toMatchObject({
      method: 'upstream_version',
      qod: 80,
      distribution: null,
    });
    expect(findings[0]!.title).toMatch(/^CVE-2024-6387: /);
  });

  it('calls a Debian Apache 2.4.49 a possible finding (QoD 30) when no distribution fix decides', async () => {
    const findings = await findingsFor(
      startHttpPeer('127.0.0.1', (_q, res) =>
        res.writeHead(200, { Server: 'Apache/2.4.49 (Debian)' }).end('ok'),
      ),
    );
    expect(cves(findings)).toEqual(['CVE-2021-41773', 'CVE-2021-42013']);
    for (const f of findings) {
      expect(f.detection).toMatchObject({
        method: 'upstream_version',
        qod: 30,
        distribution: 'Debian',
      });
      expect(f.detection!.detail).toContain(
        'Upstream version only on a Debian build: the distribution may have backported the fix',
      );
      expect(f.title).toMatch(/^Possible CVE-2021-4/);
      expect(f.description).toMatch(/^Possibly affected: /);
    }
  });

  it('lets a distribution entry decide over the upstream range, and skips not-affected releases', () => {
    const advisory = {
      id: 'apache-httpd/CVE-0000-0001',
      product: 'apache-httpd',
      affected: [{ introduced: '2.4.0', fixed: '2.4.99' }],
      distributions: [
        { distro: 'ubuntu', release: '22.04', package: 'apache2', not_affected: true },
        { distro: 'rhel', release: '9', package: 'httpd', fixed: '2.4.57-5.el9' },
      ],
      cve_id: 'CVE-0000-0001',
      cvss: { score: 5 },
      summary: 'Test.',
      solution: 'Upgrade.',
      references: [],
    } satisfies TAdvisoryInput;
    const index = indexAdvisories([ZAdvisory.parse(advisory)]);
    const http = (server: string, version: string) => ({
      name: 'http',
      product: 'Apache httpd',
      version,
      http: { status: 200, headers: { server }, body: '' },
    });
    expect(matchAdvisories(http('Apache/2.4.52 (Ubuntu)', '2.4.52'), index)).toEqual([]);
    const rhel = (version: string) =>
      matchAdvisories(http(`Apache/${version} (Red Hat Enterprise Linux)`, version), index);
    expect(rhel('2.4.57-5.el9')).toEqual([]);
    expect(rhel('2.4.57-4.el9_2.1')[0]!.detection.method).toBe('package_revision');
    expect(rhel('2.4.57')[0]!.detection).toMatchObject({ method: 'upstream_version', qod: 30 });
  });
});

describe('what version matching never claims', () => {
  const advisory = (cve: string, component?: TAdvisoryInput['component']): TAdvisoryInput => ({
    id: `openssh/${cve}`,
    product: 'openssh',
    affected: [{ fixed: '9.6' }],
    ...(component ? { component } : {}),
    cve_id: cve,
    cvss: { score: 5.9 },
    summary: 'Imported.',
    solution: 'Upgrade.',
    references: [],
  });

  it('skips Terrapin (decided by ssh-weak-algorithms) and client flaws in imported advisories', async () => {
    const check = createVulnerableVersionCheck(() =>
      loadAdvisories({
        advisories: [
          advisory('CVE-2023-48795'),
          advisory('CVE-2023-51385', 'client'),
          advisory('CVE-2023-51767'),
        ].map((a) => ZAdvisory.parse(a)),
      }),
    );
    peer = await startBannerPeer('127.0.0.1', 'SSH-2.0-OpenSSH_8.4p1\r\n');
    const findings = await check.run(await contextFor(peer));
    expect(cves(findings)).toEqual(['CVE-2023-51767']);
  });

  it('fires a library flaw only when the service names the library', () => {
    const lib = ZAdvisory.parse({
      ...advisory('CVE-2014-0160', 'library'),
      id: 'openssl/CVE-2014-0160',
      product: 'openssl',
      affected: [{ introduced: '1.0.1', fixed: '1.0.1g' }],
    });
    const index = indexAdvisories([lib]);
    const named = {
      name: 'http',
      http: { status: 200, headers: { server: 'nginx/1.25.0 OpenSSL/1.0.1f' }, body: '' },
    };
    expect(matchAdvisories(named, index).map((m) => m.advisory.id)).toEqual([
      'openssl/CVE-2014-0160',
    ]);
    expect(matchAdvisories({ name: 'tls', product: 'OpenSSL', version: '1.0.1f' }, index)).toEqual(
      [],
    );
  });
});

describe('advisories given by a server', () => {
  it('validates and indexes one list once, however many engines (scan chunks) use it', () => {
    const list = loadAdvisories();
    const checkOf = (advisories: typeof list) =>
      withAdvisories([vulnerableVersion], { advisories }).find(
        (c) => c.id === vulnerableVersion.id,
      );
    const first = checkOf(list);
    expect(first).not.toBe(vulnerableVersion);
    expect(checkOf(list)).toBe(first);
    expect(checkOf([...list])).not.toBe(first);
  });
});
