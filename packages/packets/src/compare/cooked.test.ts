import { execFile } from 'node:child_process';
import http from 'node:http';
import type net from 'node:net';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testResources } from '../../../../scripts/testing/current.ts';
import { startTestCapture, type TestCapture } from '../testing/tcpdump.ts';
import { type Comparison, compareWithTshark } from './compare.ts';

const run = promisify(execFile);
const HOST = testResources().host(7);

// tcpdump -i any writes Linux cooked captures: v2 (LINKTYPE 276) by default, v1 (113) with -y.
describe.each([
  ['LINUX_SLL2', 276],
  ['LINUX_SLL', 113],
])('capture on -i any as %s read like tshark', (linkType, linkTypeNumber) => {
  const captures: TestCapture[] = [];
  let result: Comparison;
  let port: number;

  beforeAll(async () => {
    const server = http.createServer((_request, response) => response.end('cooked\n'));
    await new Promise<void>((resolve) => server.listen(0, HOST, resolve));
    port = (server.address() as net.AddressInfo).port;
    const capture = await startTestCapture({
      interface: 'any',
      linkType,
      filter: `host ${HOST} and tcp port ${port}`,
    });
    captures.push(capture);
    await run('curl', ['-s', '-o', '/dev/null', '--max-time', '5', `http://${HOST}:${port}/`]);
    await capture.stop();
    server.close();
    server.closeAllConnections();
    result = await compareWithTshark(capture.file, { tsharkOnly: [`tcp.port==${port},http`] });
  }, 30_000);

  afterAll(async () => {
    for (const capture of captures) await capture.remove();
  });

  it('has the same packets, addresses, protocols and infos', () => {
    expect(result.ours.length).toBeGreaterThanOrEqual(8);
    expect(result.ourRows).toEqual(result.theirRows);
    expect(result.ourProtocols).toEqual(result.theirProtocols);
  });

  it('dissects the cooked header as the sll layer', () => {
    for (const packet of result.ours) {
      expect(packet.link_type).toBe(linkTypeNumber);
      expect(packet.layers[1]!.name).toBe('sll');
      expect(packet.layers[1]!.summary).toBe(
        `Linux cooked capture v${linkTypeNumber === 276 ? 2 : 1}`,
      );
    }
  });
});
