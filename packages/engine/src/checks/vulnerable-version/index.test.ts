import { ZFinding } from '@netguard/contracts';
import { afterEach, describe, expect, it } from 'vitest';
import { contextFor } from '../../testing/check-context.ts';
import type { Peer } from '../../testing/peers.ts';
import {
  mysqlGreeting,
  startBannerPeer,
  startLinePeer,
  startRedisPeer,
} from '../../testing/protocol-peers.ts';
import { startHttpPeer } from '../../testing/servers.ts';
import {
  createVulnerableVersionCheck,
  riskScore,
  severityFor,
  vulnerableVersion,
} from './index.ts';

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
  it('finds regreSSHion in a Debian OpenSSH 9.6p1 banner', async () => {
    const findings = await findingsFor(
      startBannerPeer('127.0.0.1', 'SSH-2.0-OpenSSH_9.6p1 Debian-3\r\n'),
    );
    expect(cves(findings)).toEqual(['CVE-2024-6387']);
    const [f] = findings;
    expect(f!.severity).toBe('high');
    expect(f!.cvss_score).toBe(8.1);
    expect(f!.risk_score).toBe(81);
    expect(f!.evidence).toContain('SSH-2.0-OpenSSH_9.6p1 Debian-3');
    expect(f!.evidence).toContain('>= 8.5p1, < 9.8p1');
    expect(f!.description).toContain('OpenSSH 9.6p1 is in the affected range');
    expect(f!.mitigations[0]).toMatchObject({ action_type: 'upgrade', priority: 'urgent' });
    expect(f!.mitigations[0]!.instructions[0]).toContain('9.8p1');
  });

  it('stays quiet for OpenSSH 9.8p1', async () => {
    expect(await findingsFor(startBannerPeer('127.0.0.2', 'SSH-2.0-OpenSSH_9.8p1\r\n'))).toEqual(
      [],
    );
  });

  it('flags OpenSSH 8.9p1 only for the ssh-agent issue fixed in 9.3p2', async () => {
    const findings = await findingsFor(
      startBannerPeer('127.0.0.1', 'SSH-2.0-OpenSSH_8.9p1 Ubuntu-3ubuntu0.1\r\n'),
    );
    expect(cves(findings)).toEqual(['CVE-2023-38408', 'CVE-2024-6387']);
    expect(findings.find((f) => f.cve_id === 'CVE-2023-38408')!.severity).toBe('critical');
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
