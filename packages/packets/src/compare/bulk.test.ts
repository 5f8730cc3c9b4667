import { execFile } from 'node:child_process';
import http from 'node:http';
import https from 'node:https';
import type net from 'node:net';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testResources } from '../../../../scripts/testing/current.ts';
import { makeCert } from '../../../engine/src/testing/certs.ts';
import { startTestCapture, type TestCapture } from '../testing/tcpdump.ts';
import { type Comparison, compareWithTshark, SEQUENCE_TROUBLE } from './compare.ts';

const run = promisify(execFile);
// A stream the comparison masks (retransmitted, lost or out-of-order segments), that stalled on
// a zero window, or whose HTTP tshark itself reads as a continuation (a segment the capture lost
// under load). Window full, zero window and window updates alone are part of every transfer
// here: curl's receive window fills and opens again even on an idle machine.
const STALLS = `${SEQUENCE_TROUBLE} || tcp.analysis.zero_window_probe || (http && !http.request && !http.response)`;
/** Whether the capture shows a stalled or repaired stream (tshark's own TCP analysis). */
const stalled = async (file: string) =>
  (await run('tshark', ['-n', '-r', file, '-Y', STALLS])).stdout.trim() !== '';
const HOST = testResources().host(9);
const BODY = Buffer.alloc(600_000, 'x');

// Bodies and records larger than a segment: tshark shows the message in the segment completing
// it and the others as "[TCP segment of a reassembled PDU]"; so must we.
describe('large transfers (HTTP and TLS over many segments) read like tshark', () => {
  let capture: TestCapture;
  let result: Comparison;

  beforeAll(async () => {
    const handler: http.RequestListener = (request, response) => {
      response.setHeader('content-type', 'text/plain');
      // Content-Length, chunked, or (HTTP/1.0) a body that ends when the server closes.
      if (request.url === '/chunked') {
        for (let i = 0; i < 6; i++) response.write(BODY.subarray(0, 100_000));
        response.end();
      } else response.end(BODY);
    };
    const plain = http.createServer(handler);
    const secure = https.createServer(makeCert('valid'), handler);
    await new Promise<void>((resolve) => plain.listen(0, HOST, resolve));
    await new Promise<void>((resolve) => secure.listen(0, HOST, resolve));
    const httpPort = (plain.address() as net.AddressInfo).port;
    const tlsPort = (secure.address() as net.AddressInfo).port;
    const curl = (...args: string[]) =>
      run('curl', ['-s', '-k', '-o', '/dev/null', '--max-time', '10', ...args]);
    // The expected messages are those of a clean transfer. On a busy machine a slow reader can
    // fill the window (zero-window probes, retransmissions), which tshark and we then both read
    // as continuations: such a capture is taken again, at most five times.
    for (let attempt = 1; attempt <= 5; attempt++) {
      if (attempt > 1) await capture.remove();
      capture = await startTestCapture({ filter: `host ${HOST}` });
      await curl(`http://${HOST}:${httpPort}/length`);
      await curl(`http://${HOST}:${httpPort}/chunked`);
      await curl('--http1.0', `http://${HOST}:${httpPort}/close`);
      await curl(`https://${HOST}:${tlsPort}/tls`);
      await capture.stop();
      if (!(await stalled(capture.file))) break;
      console.info(`bulk: capture ${attempt} shows a stalled stream`);
    }
    for (const server of [plain, secure]) {
      server.close();
      server.closeAllConnections();
    }
    result = await compareWithTshark(capture.file, {
      tsharkOnly: [`tcp.port==${httpPort},http`, `tcp.port==${tlsPort},tls`],
    });
  }, 60_000);

  afterAll(() => capture?.remove());

  it('has the same packets, addresses, protocols and infos', () => {
    expect(result.ourRows).toEqual(result.theirRows);
  });

  it('shows each response once, where it completes, the other segments as TCP', () => {
    expect(result.ourProtocols).toEqual(result.theirProtocols);
    expect(result.ourProtocols.HTTP).toBe(6);
    const parts = result.ours.filter((p) => p.info.endsWith(' [TCP segment of a reassembled PDU]'));
    expect(parts.length).toBeGreaterThan(6);
    expect(result.ours.filter((p) => p.protocol === 'HTTP').map((p) => p.info)).toEqual([
      'GET /length HTTP/1.1 ',
      'HTTP/1.1 200 OK  (text/plain)',
      'GET /chunked HTTP/1.1 ',
      'HTTP/1.1 200 OK  (text/plain)',
      'GET /close HTTP/1.0 ',
      'HTTP/1.1 200 OK  (text/plain)',
    ]);
  });
});
