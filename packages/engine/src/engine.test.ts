import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testResources } from '../../../scripts/testing/current.ts';
import { createEngine } from './engine.ts';
import { toJsonLines } from './output/jsonl.ts';
import { toNmapXml } from './output/nmap-xml.ts';
import { toSarif } from './output/sarif.ts';
import type { HostPortCounts, Progress } from './port-engine.ts';
import { freePort, type Peer, startTcpPeer } from './testing/peers.ts';
import { startRedisPeer } from './testing/protocol-peers.ts';
import { startHttpPeer } from './testing/servers.ts';
import type { Finding, ServiceResult } from './types.ts';

const net = testResources();
const WEB = net.host(6);
const REDIS = net.host(7);

let web: Peer;
let redis: Peer;
beforeAll(async () => {
  web = await startHttpPeer(WEB, (_q, res) =>
    res.writeHead(200, { Server: 'nginx/1.18.0' }).end('hi'),
  );
  redis = await startRedisPeer(REDIS);
});
afterAll(async () => {
  await web.close();
  await redis.close();
});

async function scan(targets: string, checks = 'all') {
  const closed = await freePort(WEB);
  const ports: ServiceResult[] = [];
  const findings: Finding[] = [];
  const progress: Progress[] = [];
  const hosts: string[] = [];
  const summary = await createEngine({ ports: [web.port, redis.port, closed], checks }).run(
    targets,
    {
      onHost: (h) => hosts.push(h.address),
      onPort: (p) => ports.push(p),
      onFinding: (f) => findings.push(f),
      onProgress: (p) => progress.push(p),
    },
  );
  return {
    hosts,
    ports,
    findings,
    progress,
    summary,
    report: { args: 'netguard-scan', startedAt: new Date(), ports, findings, summary },
  };
}

describe('createEngine().run', () => {
  it('streams open ports with services and findings from checks', async () => {
    const { hosts, ports, findings, summary, progress } = await scan(
      `${WEB}-7, 169.254.169.254, bad_host`,
    );
    expect(hosts.sort()).toEqual([WEB, REDIS]);
    expect(ports.map((p) => `${p.host}:${p.port}:${p.service.name}`).sort()).toEqual([
      `${WEB}:${web.port}:http`,
      `${REDIS}:${redis.port}:redis`,
    ]);
    expect(findings.map((f) => f.check_id).sort()).toEqual([
      'http-security-headers',
      'http-server-version',
      'redis-no-auth',
      // nginx 1.18.0: CVE-2021-23017; Redis 6.0.9: CVE-2021-32675 and CVE-2022-0543
      'vulnerable-version',
      'vulnerable-version',
      'vulnerable-version',
    ]);
    expect(summary).toMatchObject({
      hosts_total: 2,
      hosts_up: 2,
      open: 2,
      invalid: ['bad_host'],
      findings: 6,
    });
    expect(summary.refused[0]!.target).toBe('169.254.169.254');
    expect(progress.at(-1)).toMatchObject({ phase: 'done', percent: 100 });
  });

  it('writes jsonl, nmap XML and SARIF 2.1.0 from the same run', async () => {
    const { report } = await scan(`${WEB}-7`);
    const lines = toJsonLines(report)
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l));
    expect(lines[0]).toMatchObject({ type: 'port', state: 'open', protocol: 'tcp' });
    expect(lines.filter((l) => l.type === 'finding')).toHaveLength(6);
    expect(lines.at(-1).type).toBe('summary');
    const xml = toNmapXml(report);
    expect(xml).toContain('<nmaprun scanner="nmap" args="netguard-scan"');
    expect(xml).toContain(`<port protocol="tcp" portid="${redis.port}"><state state="open"`);
    expect(xml).toContain('<service name="http" product="nginx" version="1.18.0"');
    const sarif = toSarif(report) as {
      version: string;
      runs: { results: { ruleId: string; level: string }[] }[];
    };
    expect(sarif.version).toBe('2.1.0');
    expect(sarif.runs[0]!.results.find((r) => r.ruleId === 'redis-no-auth')?.level).toBe('error');
  });

  it('scans several discovery windows of small host groups', async () => {
    const hosts: string[] = [];
    const ports: string[] = [];
    const engine = createEngine({ ports: [web.port], portsOnly: true, hostGroupSize: 1 });
    const summary = await engine.run(`${net.host(3)}-9`, {
      onHost: (h) => hosts.push(h.address),
      onPort: (p) => ports.push(`${p.host}:${p.port}`),
    });
    expect(hosts).toHaveLength(7);
    expect(ports).toEqual([`${WEB}:${web.port}`]);
    expect(summary).toMatchObject({ hosts_total: 7, hosts_up: 7, ports_scanned: 7, open: 1 });
  });

  it("asks the scope's checkAddresses of each target and never probes a port skipPorts names", async () => {
    const OWN = net.host(8);
    let connections = 0;
    const own = await startTcpPeer(OWN, (socket) => {
      connections++;
      socket.end();
    });
    try {
      const asked: string[] = [];
      const open: string[] = [];
      const counts: HostPortCounts[] = [];
      const engine = createEngine({
        ports: [own.port, web.port],
        portsOnly: true,
        scope: {
          checkAddresses: (first, last) => {
            asked.push(`${first}-${last}`);
            return first === REDIS ? { allowed: false, reason: 'not for you' } : { allowed: true };
          },
          skipPorts: (ip) =>
            ip === OWN ? [{ port: own.port, reason: `${ip} port ${own.port} is ours` }] : [],
        },
      });
      const summary = await engine.run([REDIS, OWN, WEB], {
        onPort: (p) => open.push(`${p.host}:${p.port}`),
        onHostScanned: (h) => counts.push(h),
      });
      expect(asked).toEqual([`${REDIS}-${REDIS}`, `${OWN}-${OWN}`, `${WEB}-${WEB}`]);
      expect(summary.refused).toEqual([
        { target: REDIS, reason: `${REDIS} is out of scope: not for you` },
        { target: `${OWN}:${own.port}`, reason: `${OWN} port ${own.port} is ours` },
      ]);
      // The skipped port is open, yet neither probed nor counted: the other port of OWN is.
      expect(connections).toBe(0);
      expect(open).toEqual([`${WEB}:${web.port}`]);
      expect(counts.find((c) => c.address === OWN)).toEqual({
        address: OWN,
        closed: 1,
        filtered: 0,
      });
      expect(summary).toMatchObject({ hosts_total: 2, ports_scanned: 3, open: 1 });
    } finally {
      await own.close();
    }
  });

  it('runs no checks with checks "none"', async () => {
    const { findings, ports } = await scan(`${WEB}-7`, 'none');
    expect(ports).toHaveLength(2);
    expect(findings).toEqual([]);
  });
});
