import { describe, expect, it } from 'vitest';
import { testResources } from '../../../../scripts/testing/current.ts';
import type { ProbeOutcome } from '../ports/tcp-probe.ts';
import { DISCOVERY_PORTS, discoverHosts } from './discover.ts';

const net = testResources();

describe('discoverHosts', () => {
  it('counts a refused connection as proof that a loopback host is up', async () => {
    // Addresses of the file's block, where no other file listens on the discovery ports.
    const hosts = [net.host(4), net.host(5)];
    expect(await discoverHosts(hosts)).toEqual(hosts);
  });

  it('leaves out a host where every probe stays silent', async () => {
    const probe = async (host: string): Promise<ProbeOutcome> =>
      host === '127.0.0.9' ? { state: 'filtered', rttMs: 10 } : { state: 'closed', rttMs: 1 };
    expect(await discoverHosts(['127.0.0.8', '127.0.0.9'], { probe })).toEqual(['127.0.0.8']);
  });

  it('stops probing a host at its first answer but tries every port of a silent one', async () => {
    const calls: string[] = [];
    const probe = async (host: string, port: number): Promise<ProbeOutcome> => {
      calls.push(`${host}:${port}`);
      return host === '127.0.0.9'
        ? { state: 'filtered', rttMs: 10 }
        : { state: 'closed', rttMs: 1 };
    };
    const up = await discoverHosts(['127.0.0.8', '127.0.0.9'], { probe, concurrency: 1 });
    expect(up).toEqual(['127.0.0.8']);
    expect(calls.filter((c) => c.startsWith('127.0.0.8:'))).toEqual(['127.0.0.8:80']);
    // Every discovery port of the silent host, each tried twice (maxRetries 1).
    expect(calls.filter((c) => c.startsWith('127.0.0.9:'))).toHaveLength(
      DISCOVERY_PORTS.length * 2,
    );
  });

  it('tells why each host is up, as nmap does: localhost-response on loopback, else what answered', async () => {
    // A stand-in prober: no packet leaves the machine for the documentation addresses.
    const probe = async (host: string): Promise<ProbeOutcome> =>
      host === '192.0.2.1' ? { state: 'open', rttMs: 1 } : { state: 'closed', rttMs: 1 };
    const reasons: Record<string, string> = {};
    await discoverHosts(['192.0.2.1', '192.0.2.2', '127.0.0.8'], {
      probe,
      onUp: (host, reason) => {
        reasons[host] = reason;
      },
    });
    expect(reasons).toEqual({
      '192.0.2.1': 'syn-ack',
      '192.0.2.2': 'conn-refused',
      '127.0.0.8': 'localhost-response',
    });
  });
});
