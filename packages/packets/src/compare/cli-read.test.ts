import { execFile } from 'node:child_process';
import dgram from 'node:dgram';
import http from 'node:http';
import type net from 'node:net';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import { promisify } from 'node:util';
import { compilePacketFilter } from '@netguard/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testResources } from '../../../../scripts/testing/current.ts';
import { runCli } from '../cli-run.ts';
import { type DnsServer, startDnsServer } from '../testing/dns-server.ts';
import { startTestCapture, type TestCapture } from '../testing/tcpdump.ts';
import { TSHARK, tsharkFields } from '../testing/tshark.ts';
import { dissectFile, TCP_ANALYSIS } from './compare.ts';

const run = promisify(execFile);
const HOST = testResources().host(8);

async function cliOutput(...argv: string[]): Promise<string> {
  const stdout = new PassThrough();
  let out = '';
  stdout.on('data', (d) => (out += d));
  const code = await runCli(argv, { stdout, stderr: new PassThrough() });
  expect(code).toBe(0);
  return out;
}

// HTTP, DNS over UDP and TCP, and an ICMP port unreachable, in one capture.
describe('netguard-packets on a real capture, next to tshark', () => {
  let capture: TestCapture;
  let dns: DnsServer;
  let decodeAs: string[];

  beforeAll(async () => {
    dns = await startDnsServer(HOST);
    const server = http.createServer((_request, response) => response.end('ok\n'));
    await new Promise<void>((resolve) => server.listen(0, HOST, resolve));
    const httpPort = (server.address() as net.AddressInfo).port;
    decodeAs = [`tcp.port==${httpPort},http`];
    if (dns.port !== 53) decodeAs.push(`udp.port==${dns.port},dns`, `tcp.port==${dns.port},dns`);
    capture = await startTestCapture({ filter: `host ${HOST}` });
    await run('curl', ['-s', '-o', '/dev/null', '--max-time', '5', `http://${HOST}:${httpPort}/a`]);
    await run('dig', [
      `@${HOST}`,
      '-p',
      String(dns.port),
      '+time=2',
      '+tries=1',
      'example.test',
      'A',
    ]);
    await run('dig', [
      `@${HOST}`,
      '-p',
      String(dns.port),
      '+time=2',
      '+tries=1',
      '+tcp',
      'example.test',
      'TXT',
    ]);
    const socket = dgram.createSocket('udp4');
    await new Promise<void>((resolve) => socket.send('probe', 9, HOST, () => resolve()));
    await new Promise((resolve) => setTimeout(resolve, 200));
    socket.close();
    await capture.stop();
    server.close();
    server.closeAllConnections();
    // The same packets as pcapng and as nanosecond pcap.
    const dir = join(capture.file, '..');
    await run('editcap', ['-F', 'pcapng', capture.file, join(dir, 'capture.pcapng')]);
    await run('editcap', ['-F', 'nsecpcap', capture.file, join(dir, 'capture-ns.pcap')]);
  }, 30_000);

  afterAll(async () => {
    await capture?.remove();
    await dns?.close();
  });

  it.each(['capture.pcap', 'capture.pcapng', 'capture-ns.pcap'])(
    'read prints what tshark prints for %s',
    async (name) => {
      const file = join(capture.file, '..', name);
      const args = ['-n', '-r', file, ...decodeAs.flatMap((rule) => ['-d', rule])];
      const { stdout } = await run(TSHARK, args, { maxBuffer: 64 * 1024 * 1024 });
      // tshark's TCP analysis markers ("[TCP Window Update] ") come from across the stream.
      const theirs = stdout.split('\n').map((line) => {
        const [, columns = '', info = ''] = /^(.*? → \S+\s+\S+ \d+ )(.*)$/.exec(line) ?? [];
        return columns ? columns + info.replace(TCP_ANALYSIS, '') : line;
      });
      const ours = (
        await cliOutput('read', file, ...decodeAs.flatMap((rule) => ['-d', rule]))
      ).split('\n');
      expect(ours.length).toBeGreaterThan(20);
      expect(ours).toEqual(theirs);
    },
  );

  it.each([
    'tcp',
    'udp && !dns',
    'dns.qry.name == "example.test"',
    'dns.a == 127.0.91.80',
    'dns.flags.response == 1 and dns.txt contains "netguard"',
    'tcp.flags.syn == 1 && tcp.flags.ack == 0',
    'tcp.port in {53, 80}',
    'tcp.dstport in {1..1024}',
    `ip.dst == ${HOST} && frame.len > 100`,
    'ip.addr == 127.0.0.0/8 and not tcp',
    'icmp || http.request.method == "GET"',
    'http.response.code == 200',
    'udp.dstport == 9',
    'ip.ttl >= 64 && !(tcp.len == 0)',
    'tcp.window_size_value > 1000',
  ])('keeps the frames tshark keeps for %s', async (filter) => {
    const theirs = (await tsharkFields(capture.file, ['frame.number'], { decodeAs, filter })).map(
      ([n]) => Number(n),
    );
    const compiled = compilePacketFilter({ filter });
    if (!compiled.ok) throw new Error(compiled.error);
    const ours = (await dissectFile(capture.file, decodeAs))
      .filter(compiled.match)
      .map((p) => p.id);
    expect(theirs.length).toBeGreaterThan(0);
    expect(ours).toEqual(theirs);
  });

  it('counts hosts as tshark counts IPv4 endpoints', async () => {
    const stats = JSON.parse(
      await cliOutput('stats', capture.file, ...decodeAs.flatMap((rule) => ['-d', rule])),
    );
    const { stdout } = await run(TSHARK, ['-n', '-q', '-r', capture.file, '-z', 'endpoints,ip']);
    const endpoints = stdout
      .split('\n')
      .map((line) => /^(\d+\.\d+\.\d+\.\d+)\s+(\d+)\s+(\d+)/.exec(line))
      .filter((match) => match !== null)
      .map((match) => ({ host: match[1], packets: Number(match[2]), bytes: Number(match[3]) }));
    expect(endpoints.length).toBe(2);
    expect(stats.top_hosts).toEqual(expect.arrayContaining(endpoints));
    expect(stats.conversations).toEqual([
      { a: '127.0.0.1', b: HOST, packets: endpoints[0]!.packets, bytes: endpoints[0]!.bytes },
    ]);
  });
});
