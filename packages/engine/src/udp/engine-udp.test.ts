import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterEach, describe, expect, it } from 'vitest';
import { testResources } from '../../../../scripts/testing/current.ts';
import { createEngine } from '../engine.ts';
import type { Progress } from '../port-engine.ts';
import { freePort } from '../testing/peers.ts';
import { startDnsPeer, startNtpPeer, startSnmpPeer, type UdpPeer } from '../testing/udp-peers.ts';
import type { ServiceResult } from '../types.ts';

const net = testResources();
const peers: UdpPeer[] = [];
afterEach(async () => {
  await Promise.all(peers.splice(0).map((p) => p.close()));
});

describe('createEngine({ udp })', () => {
  it('streams UDP ports with their services and counts them in the summary', async () => {
    const host = net.host(8);
    const ntp = await startNtpPeer(host);
    const snmp = await startSnmpPeer(
      host,
      'Cisco IOS Software, C2960 Software, Version 15.0(2)SE4, RELEASE',
    );
    peers.push(ntp, snmp);
    const closedTcp = await freePort(host);
    const ports: ServiceResult[] = [];
    const progress: Progress[] = [];
    const summary = await createEngine({
      ports: [closedTcp],
      skipDiscovery: true,
      udp: {
        ports: [
          { port: ntp.port, protocol: 'ntp' },
          { port: snmp.port, protocol: 'snmp' },
        ],
        timeoutMs: 300,
        retries: 1,
      },
    }).run(host, { onPort: (p) => ports.push(p), onProgress: (p) => progress.push(p) });
    expect(ports.map((p) => `${p.protocol}/${p.port}/${p.state}/${p.service.name}`).sort()).toEqual(
      [`udp/${ntp.port}/open/ntp`, `udp/${snmp.port}/open/snmp`].sort(),
    );
    expect(ports.find((p) => p.service.name === 'snmp')?.service).toMatchObject({
      product: 'Cisco IOS',
      version: '15.0(2)SE4',
    });
    expect(summary).toMatchObject({ open: 2, closed: 1, ports_scanned: 3 });
    expect(progress.at(-1)).toMatchObject({ phase: 'done', done: 3, total: 3, percent: 100 });
  });

  it('probes no UDP port unless asked', async () => {
    const host = net.host(8);
    const dns = await startDnsPeer(host, '9.18.24');
    peers.push(dns);
    await createEngine({ ports: [await freePort(host)], skipDiscovery: true }).run(host);
    expect(dns.received).toHaveLength(0);
  });
});

// The CLI's --udp probes the well-known ports, so its peers bind 53, 123 and 161 (CI runs as root),
// on an address of the file's block, where no other file binds them.
describe('netguard-scan --udp', () => {
  it('prints jsonl port lines with protocol "udp" for open ports, none for closed ones', async () => {
    const up = net.host(53);
    const down = net.host(54);
    try {
      peers.push(
        await startDnsPeer(up, '9.18.24-1-Debian', 53),
        await startNtpPeer(up, 2, 123),
        await startSnmpPeer(up, 'Linux probe 6.1.0-18-amd64 #1 SMP', 'public', 161),
      );
    } catch (error) {
      throw new Error(
        `binding UDP ports 53/123/161 on ${up} needs root (or net.ipv4.ip_unprivileged_port_start=0): ${(error as Error).message}`,
      );
    }
    const tcp = String(await freePort(up));
    const bin = join(import.meta.dirname, '../../bin/netguard-scan.js');
    const { stdout } = await promisify(execFile)(
      process.execPath,
      [bin, `${up},${down}`, '-p', tcp, '-Pn', '--udp', '--checks', 'none'],
      { timeout: 30_000 },
    );
    const lines = stdout
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l));
    const portLines = lines.filter((l) => l.type === 'port');
    expect(portLines.sort((a, b) => a.port - b.port)).toEqual([
      {
        type: 'port',
        host: up,
        port: 53,
        protocol: 'udp',
        state: 'open',
        service: 'domain',
        product: 'BIND',
        version: '9.18.24',
      },
      {
        type: 'port',
        host: up,
        port: 123,
        protocol: 'udp',
        state: 'open',
        service: 'ntp',
        product: 'NTP',
        version: 'v4',
      },
      {
        type: 'port',
        host: up,
        port: 161,
        protocol: 'udp',
        state: 'open',
        service: 'snmp',
        product: 'Linux',
        version: '6.1.0-18-amd64',
      },
    ]);
    expect(lines.at(-1)).toMatchObject({ type: 'summary', open: 3, closed: 5 });
  }, 40_000);
});
