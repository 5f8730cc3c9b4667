import { execFile } from 'node:child_process';
import https from 'node:https';
import type net from 'node:net';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testResources } from '../../../../scripts/testing/current.ts';
import { makeCert } from '../../../engine/src/testing/certs.ts';
import { startTestCapture, type TestCapture } from '../testing/tcpdump.ts';
import { tsharkFields } from '../testing/tshark.ts';
import { type Comparison, compareWithTshark, protocolCounts } from './compare.ts';

const run = promisify(execFile);
const HOST = testResources().host(3);

describe('TLS capture (curl, TLS 1.3 and 1.2, SNI) read like tshark', () => {
  let capture: TestCapture;
  let port: number;
  let result: Comparison;

  beforeAll(async () => {
    const server = https.createServer(makeCert('valid'), (_request, response) =>
      response.end('hello\n'),
    );
    await new Promise<void>((resolve) => server.listen(0, HOST, resolve));
    port = (server.address() as net.AddressInfo).port;
    capture = await startTestCapture({ filter: `host ${HOST} and tcp port ${port}` });
    const curl = (...extra: string[]) =>
      run('curl', [
        '-s',
        '-k',
        '-o',
        '/dev/null',
        '--max-time',
        '5',
        '--resolve',
        `localhost:${port}:${HOST}`,
        ...extra,
        `https://localhost:${port}/`,
      ]);
    await curl();
    await curl('--tls-max', '1.2');
    await capture.stop();
    server.close();
    server.closeAllConnections();
    // tshark needs to be told this port is TLS; we know it from the Client Hello.
    result = await compareWithTshark(capture.file, { tsharkOnly: [`tcp.port==${port},tls`] });
  }, 30_000);

  afterAll(() => capture?.remove());

  it('has the same packets, addresses, protocols and infos', () => {
    expect(result.ourRows).toEqual(result.theirRows);
  });

  it('has the same protocol distribution, with both TLS versions', () => {
    expect(result.ourProtocols).toEqual(result.theirProtocols);
    const ours = protocolCounts(result.ours.map((p) => p.protocol));
    expect(ours['TLSv1.3']).toBeGreaterThan(2);
    expect(ours['TLSv1.2']).toBeGreaterThan(2);
  });

  it('reads the SNI and the chosen versions as tshark does, and shows the SNI in Info', async () => {
    const fields = [
      'tls.handshake.type',
      'tls.handshake.extensions_server_name',
      'tls.handshake.extensions.supported_version',
    ];
    const theirs = await tsharkFields(capture.file, fields, {
      decodeAs: [`tcp.port==${port},tls`],
      filter: 'tls.handshake.type == 1 || tls.handshake.type == 2',
    });
    const hellos = result.ours.filter((p) => /Client Hello|Server Hello/.test(p.info));
    const ours = hellos.map((p) => {
      const tls = p.layers.find((l) => l.name === 'tls')!.fields;
      return fields.map((name) =>
        tls
          .filter((f) => f.name === name)
          .map((f) =>
            name.endsWith('supported_version')
              ? `0x${Number(f.value).toString(16).padStart(4, '0')}`
              : String(f.value),
          )
          .join(','),
      );
    });
    expect(ours).toEqual(theirs);
    expect(hellos.map((p) => p.info.split(',')[0])).toEqual([
      'Client Hello (SNI=localhost)',
      'Server Hello',
      'Client Hello (SNI=localhost)',
      'Server Hello',
    ]);
  });
});
