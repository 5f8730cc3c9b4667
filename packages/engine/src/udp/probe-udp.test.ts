import dgram from 'node:dgram';
import { afterEach, describe, expect, it } from 'vitest';
import { testResources } from '../../../../scripts/testing/current.ts';
import {
  startDnsPeer,
  startNtpPeer,
  startSnmpPeer,
  startUdpPeer,
  type UdpPeer,
} from '../testing/udp-peers.ts';
import { probeUdp } from './probe-udp.ts';
import { scanUdp } from './scan-udp.ts';
import { snmpGetRequest } from './snmp.ts';

// Peers and closed ports on the file's block, where no other file binds.
const net = testResources();
const peers: UdpPeer[] = [];
const track = async (peer: Promise<UdpPeer>) => {
  const p = await peer;
  peers.push(p);
  return p;
};
afterEach(async () => {
  await Promise.all(peers.splice(0).map((p) => p.close()));
});

/** A UDP port with nothing bound (bound, read, released). */
async function closedUdpPort(host: string): Promise<number> {
  const socket = dgram.createSocket('udp4');
  await new Promise<void>((resolve) => socket.bind(0, host, () => resolve()));
  const { port } = socket.address();
  await new Promise<void>((resolve) => socket.close(() => resolve()));
  return port;
}

const fast = { timeoutMs: 300, retries: 1 };

describe('probeUdp', () => {
  it('names a DNS server from its version.bind answer', async () => {
    const peer = await track(startDnsPeer(net.host(1), '9.18.24-1-Debian'));
    const r = await probeUdp(peer.host, { port: peer.port, protocol: 'dns' }, fast);
    expect(r).toMatchObject({ protocol: 'udp', state: 'open' });
    expect(r.service).toMatchObject({ name: 'domain', product: 'BIND', version: '9.18.24' });
    expect(r.service.extra?.version_bind).toBe('9.18.24-1-Debian');
  });

  it('reads NTP version and stratum', async () => {
    const peer = await track(startNtpPeer(net.host(2), 3));
    const r = await probeUdp(peer.host, { port: peer.port, protocol: 'ntp' }, fast);
    expect(r.state).toBe('open');
    expect(r.service).toMatchObject({ name: 'ntp', version: 'v4' });
    expect(r.service.extra).toMatchObject({ stratum: '3', refid: '192.0.2.1' });
  });

  it('reads SNMP sysDescr with community "public"', async () => {
    const descr = 'Linux edge-router 6.1.0-18-amd64 #1 SMP PREEMPT_DYNAMIC Debian x86_64';
    const peer = await track(startSnmpPeer(net.host(3), descr));
    const r = await probeUdp(peer.host, { port: peer.port, protocol: 'snmp' }, fast);
    expect(r.state).toBe('open');
    expect(r.service).toMatchObject({ name: 'snmp', product: 'Linux', version: '6.1.0-18-amd64' });
    expect(r.service.extra).toMatchObject({ sysDescr: descr, community: 'public' });
  });

  it('reports open|filtered after every retry goes unanswered', async () => {
    const peer = await track(startSnmpPeer(net.host(3), 'x', 'not-public'));
    const started = performance.now();
    const r = await probeUdp(peer.host, { port: peer.port, protocol: 'snmp' }, fast);
    expect(r.state).toBe('open|filtered');
    expect(peer.received).toHaveLength(2);
    expect(performance.now() - started).toBeGreaterThanOrEqual(550);
  });

  it('reports closed when ICMP port unreachable comes back', async () => {
    const port = await closedUdpPort(net.host(1));
    const started = performance.now();
    const r = await probeUdp(net.host(1), { port, protocol: 'dns' }, { timeoutMs: 2000 });
    expect(r.state).toBe('closed');
    expect(performance.now() - started).toBeLessThan(1000);
  });

  it('counts any datagram from the port as open, keeping its bytes', async () => {
    const peer = await track(startUdpPeer(net.host(1), () => Buffer.from('hello?')));
    const r = await probeUdp(peer.host, { port: peer.port, protocol: 'ntp' }, fast);
    expect(r).toMatchObject({ state: 'open', service: { name: 'ntp', banner: 'hello?' } });
  });
});

describe('scanUdp', () => {
  it('probes every host and port and streams each result', async () => {
    const dns = await track(startDnsPeer(net.host(4), 'unbound 1.17.1'));
    const closed = await closedUdpPort(net.host(4));
    const results: string[] = [];
    const stats = await scanUdp([net.host(4)], {
      ...fast,
      ports: [
        { port: dns.port, protocol: 'dns' },
        { port: closed, protocol: 'ntp' },
      ],
      onResult: (r) => results.push(`${r.port}/${r.state}/${r.service.product ?? ''}`),
    });
    expect(stats).toEqual({ open: 1, closed: 1, openFiltered: 0 });
    expect(results.sort()).toEqual([`${closed}/closed/`, `${dns.port}/open/unbound`].sort());
  });
});

describe('SNMP encoding', () => {
  it('matches the bytes net-snmp sends for snmpget -v2c -c public sysDescr.0', () => {
    expect(snmpGetRequest(0x12345678).toString('hex')).toBe(
      [
        '3029 020101 0406 7075626c6963',
        'a01c 020412345678 020100 020100',
        '300e 300c 06082b06010201010100 0500',
      ]
        .join('')
        .replace(/ /g, ''),
    );
  });
});
