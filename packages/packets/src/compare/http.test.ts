import { execFile } from 'node:child_process';
import http from 'node:http';
import type net from 'node:net';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testResources } from '../../../../scripts/testing/current.ts';
import { startTestCapture, type TestCapture } from '../testing/tcpdump.ts';
import { tsharkFields } from '../testing/tshark.ts';
import { type Comparison, compareWithTshark } from './compare.ts';

const run = promisify(execFile);
const HOST = testResources().host(1);

describe('HTTP capture read like tshark', () => {
  let capture: TestCapture;
  let port: number;
  let result: Comparison;

  beforeAll(async () => {
    // One write per response, so no response spans segments (tshark would reassemble it).
    const server = http.createServer((request, response) => {
      const body = request.url === '/missing' ? 'not here\n' : '<html><body>hello</body></html>\n';
      response.writeHead(request.url === '/missing' ? 404 : 200, {
        'content-type': 'text/html; charset=utf-8',
      });
      response.end(body);
    });
    await new Promise<void>((resolve) => server.listen(0, HOST, resolve));
    port = (server.address() as net.AddressInfo).port;
    capture = await startTestCapture({ filter: `host ${HOST} and tcp port ${port}` });
    const curl = (path: string, ...extra: string[]) =>
      run('curl', [
        '-s',
        '-o',
        '/dev/null',
        '--max-time',
        '5',
        ...extra,
        `http://${HOST}:${port}${path}`,
      ]);
    await curl('/index.html');
    await curl('/missing', '-A', 'netguard-test');
    await curl('/form', '-d', 'a=1');
    await capture.stop();
    server.close();
    server.closeAllConnections();
    // tshark decodes HTTP on this port only when told; we recognise it from the payload.
    result = await compareWithTshark(capture.file, { tsharkOnly: [`tcp.port==${port},http`] });
  }, 30_000);

  afterAll(() => capture?.remove());

  it('has the same packets, addresses, protocols and infos', () => {
    expect(result.ours.length).toBeGreaterThanOrEqual(30);
    expect(result.ourRows).toEqual(result.theirRows);
  });

  it('has the same protocol distribution', () => {
    expect(result.ourProtocols).toEqual(result.theirProtocols);
    expect(result.ourProtocols.HTTP).toBe(6);
  });

  it('reads request lines, hosts and status codes as tshark does', async () => {
    const theirs = await tsharkFields(
      capture.file,
      ['http.request.method', 'http.request.uri', 'http.host', 'http.response.code'],
      {
        decodeAs: [`tcp.port==${port},http`],
        filter: 'http',
      },
    );
    const ours = result.ours
      .filter((p) => p.protocol === 'HTTP')
      .map((p) => {
        const fields = p.layers.find((l) => l.name === 'http')!.fields;
        const value = (name: string) => String(fields.find((f) => f.name === name)?.value ?? '');
        return [
          value('http.request.method'),
          value('http.request.uri'),
          value('http.host'),
          value('http.response.code'),
        ];
      });
    expect(ours).toEqual(theirs);
    expect(result.ours.filter((p) => p.protocol === 'HTTP').map((p) => p.info)).toEqual([
      'GET /index.html HTTP/1.1 ',
      'HTTP/1.1 200 OK  (text/html)',
      'GET /missing HTTP/1.1 ',
      'HTTP/1.1 404 Not Found  (text/html)',
      'POST /form HTTP/1.1  (application/x-www-form-urlencoded)',
      'HTTP/1.1 200 OK  (text/html)',
    ]);
  });
});
