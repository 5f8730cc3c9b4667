import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DnsServer, startDnsServer } from '../testing/dns-server.ts';
import { startTestCapture, type TestCapture } from '../testing/tcpdump.ts';
import { tsharkFields } from '../testing/tshark.ts';
import { type Comparison, compareWithTshark } from './compare.ts';

const run = promisify(execFile);
const HOST = '127.0.91.2';

describe('DNS capture (dig over UDP and TCP) read like tshark', () => {
  let capture: TestCapture;
  let server: DnsServer;
  let decodeAs: string[];
  let result: Comparison;

  beforeAll(async () => {
    server = await startDnsServer(HOST);
    // Port 53 needs root; elsewhere both readers are told the port is DNS.
    decodeAs =
      server.port === 53 ? [] : [`udp.port==${server.port},dns`, `tcp.port==${server.port},dns`];
    capture = await startTestCapture({ filter: `host ${HOST} and port ${server.port}` });
    const dig = (...args: string[]) =>
      run('dig', [`@${HOST}`, '-p', String(server.port), '+time=2', '+tries=1', ...args]);
    await dig('example.test', 'A');
    await dig('example.test', 'AAAA');
    await dig('example.test', 'TXT');
    await dig('missing.test', 'A');
    await dig('+tcp', 'example.test', 'A');
    // An answer in three segments: tshark reassembles it and shows it in the last one.
    await dig('+tcp', 'split.test', 'A');
    await capture.stop();
    result = await compareWithTshark(capture.file, { decodeAs });
  }, 30_000);

  afterAll(async () => {
    await capture?.remove();
    await server?.close();
  });

  it('has the same packets, addresses, protocols and infos', () => {
    expect(result.ourProtocols.DNS).toBe(12);
    const segments = result.ours.filter((p) =>
      p.info.endsWith('[TCP segment of a reassembled PDU]'),
    );
    expect(segments).toHaveLength(2);
    expect(result.ourRows).toEqual(result.theirRows);
  });

  it('has the same protocol distribution', () => {
    expect(result.ourProtocols).toEqual(result.theirProtocols);
  });

  it('reads query names, answers and response codes as tshark does', async () => {
    const fields = ['dns.qry.name', 'dns.a', 'dns.aaaa', 'dns.txt', 'dns.flags.rcode'];
    const theirs = await tsharkFields(capture.file, fields, { decodeAs, filter: 'dns' });
    const ours = result.ours
      .filter((p) => p.protocol === 'DNS')
      .map((p) => {
        const dns = p.layers.find((l) => l.name === 'dns')!.fields;
        return fields.map((name) =>
          dns
            .filter((f) => f.name === name)
            .map((f) => String(f.value))
            .join(','),
        );
      });
    expect(ours).toEqual(theirs);
    const infos = result.ours
      .filter((p) => p.protocol === 'DNS')
      .map((p) => p.info.replace(/0x[0-9a-f]{4}/, 'ID'));
    expect(infos).toEqual([
      'Standard query ID A example.test OPT',
      'Standard query response ID A example.test A 127.0.91.80',
      'Standard query ID AAAA example.test OPT',
      'Standard query response ID AAAA example.test AAAA fd00::80',
      'Standard query ID TXT example.test OPT',
      'Standard query response ID TXT example.test TXT',
      'Standard query ID A missing.test OPT',
      'Standard query response ID No such name A missing.test',
      'Standard query ID A example.test OPT',
      'Standard query response ID A example.test A 127.0.91.80',
      'Standard query ID A split.test OPT',
      'Standard query response ID A split.test A 127.0.91.81',
    ]);
  });
});
