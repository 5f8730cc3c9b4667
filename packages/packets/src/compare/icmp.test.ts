import { execFile } from 'node:child_process';
import dgram from 'node:dgram';
import { existsSync } from 'node:fs';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testResources } from '../../../../scripts/testing/current.ts';
import { startTestCapture, type TestCapture } from '../testing/tcpdump.ts';
import { type Comparison, compareWithTshark, protocolCounts } from './compare.ts';

const run = promisify(execFile);
const HOST = testResources().host(6);
// Echo requests from Debian's ping (iputils-ping) or, without it, nping (nmap).
const PINGER = ['/usr/bin/ping', '/bin/ping'].find(existsSync)
  ? ['ping', '-c', '2', '-i', '0.2', '-W', '2', HOST]
  : existsSync('/usr/bin/nping')
    ? ['nping', '--icmp', '-c', '2', '--delay', '200ms', HOST]
    : null;

describe('ICMP capture (echo, port unreachable) read like tshark', () => {
  let capture: TestCapture;
  let result: Comparison;

  beforeAll(async () => {
    capture = await startTestCapture({ filter: `host ${HOST}` });
    if (PINGER) await run(PINGER[0]!, PINGER.slice(1), { timeout: 10_000 });
    // A datagram to a closed port draws an ICMP port unreachable quoting it.
    const socket = dgram.createSocket('udp4');
    await new Promise<void>((resolve) => socket.send('probe', 9, HOST, () => resolve()));
    await new Promise((resolve) => setTimeout(resolve, 200));
    socket.close();
    await capture.stop();
    result = await compareWithTshark(capture.file);
  }, 30_000);

  afterAll(() => capture?.remove());

  it('has the same packets, addresses, protocols and infos', () => {
    expect(result.ourRows).toEqual(result.theirRows);
  });

  it('has the same protocol distribution', () => {
    expect(result.ourProtocols).toEqual(result.theirProtocols);
    const ours = protocolCounts(result.ours.map((p) => p.protocol));
    expect(ours.ICMP).toBe(PINGER ? 5 : 1);
  });

  it('names echo pairs and the unreachable port, with the quoted datagram as layers', () => {
    const icmp = result.ours.filter((p) => p.protocol === 'ICMP');
    const unreachable = icmp.find((p) => p.info === 'Destination unreachable (Port unreachable)')!;
    expect(unreachable.layers.map((l) => l.name)).toEqual([
      'frame',
      'eth',
      'ip',
      'icmp',
      'ip',
      'udp',
    ]);
    if (!PINGER) return;
    // Each request and its reply, by id and sequence number (big-endian/little-endian).
    const requests = icmp.filter((p) => p.info.startsWith('Echo (ping) request'));
    expect(requests).toHaveLength(2);
    for (const request of requests) {
      const [, id, seq] =
        /^Echo \(ping\) request {2}id=(0x[0-9a-f]{4}), seq=(\d+\/\d+), ttl=64$/.exec(request.info)!;
      const [be, le] = seq!.split('/').map(Number);
      expect(le).toBe(be! * 256);
      const reply = icmp.find((p) =>
        p.info.startsWith(`Echo (ping) reply    id=${id}, seq=${seq},`),
      );
      expect(reply?.info).toBe(
        `Echo (ping) reply    id=${id}, seq=${seq}, ttl=64 (request in ${request.id})`,
      );
    }
  });
});
