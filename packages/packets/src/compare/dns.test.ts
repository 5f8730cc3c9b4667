import { execFile } from 'node:child_process';
import { once } from 'node:events';
import net from 'node:net';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testResources } from '../../../../scripts/testing/current.ts';
import { type DnsServer, startDnsServer } from '../testing/dns-server.ts';
import { DNS_TYPE, encodeDns, framedForTcp, unframeTcp } from '../testing/dns-wire.ts';
import { startTestCapture, type TestCapture } from '../testing/tcpdump.ts';
import { tsharkFields } from '../testing/tshark.ts';
import { type Comparison, compareWithTshark } from './compare.ts';

const run = promisify(execFile);
const HOST = testResources().host(2);

/** Sends an A and an AAAA query for example.test in one segment; resolves on both answers. */
async function pipelinedQueries(port: number): Promise<void> {
  const socket = net.connect({ host: HOST, port });
  socket.setTimeout(5_000, () => socket.destroy(new Error('no DNS answer in 5 s')));
  await once(socket, 'connect');
  const queries = [DNS_TYPE.A, DNS_TYPE.AAAA].map((type, i) =>
    framedForTcp(
      encodeDns({ id: 0x0100 + i, flags: 0x0100, questions: [{ name: 'example.test', type }] }),
    ),
  );
  socket.write(Buffer.concat(queries));
  // Counts the length-framed answers as they arrive, whatever the chunks.
  let buffered: Uint8Array = Buffer.alloc(0);
  let answers = 0;
  for await (const chunk of socket) {
    const { messages, rest } = unframeTcp(Buffer.concat([buffered, chunk as Buffer]));
    buffered = rest;
    answers += messages.length;
    if (answers === queries.length) break;
  }
  socket.destroy();
}

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
    // Two queries in one segment, two answers in one: tshark's Info is the last message's.
    await pipelinedQueries(server.port);
    await capture.stop();
    result = await compareWithTshark(capture.file, { decodeAs });
  }, 30_000);

  afterAll(async () => {
    await capture?.remove();
    await server?.close();
  });

  it('has the same packets, addresses, protocols and infos', () => {
    expect(result.ourProtocols.DNS).toBe(14);
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
        const dns = p.layers.filter((l) => l.name === 'dns').flatMap((l) => l.fields);
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
      'Standard query ID AAAA example.test',
      'Standard query response ID AAAA example.test AAAA fd00::80',
    ]);
  });
});
