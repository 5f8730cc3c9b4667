import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { runCli } from './cli-run.ts';
import { aData, DNS_TYPE, encodeDns } from './testing/dns-wire.ts';
import { ethernet, ipv4, tcp, udp } from './testing/frame-builder.ts';
import { encodePcapHeader, encodePcapRecord } from './writer/index.ts';

const dir = mkdtempSync(join(tmpdir(), 'netguard-cli-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const A = '02:00:00:00:00:0a';
const query = encodeDns({
  id: 0x1a2b,
  flags: 0x0100,
  questions: [{ name: 'example.test', type: DNS_TYPE.A }],
});
const answer = encodeDns({
  id: 0x1a2b,
  flags: 0x8180,
  questions: [{ name: 'example.test', type: DNS_TYPE.A }],
  answers: [{ name: 'example.test', type: DNS_TYPE.A, data: aData('127.0.0.9') }],
});
const FRAMES = [
  ethernet(A, A, 0x0800, ipv4('127.0.0.1', '127.0.0.53', 17, udp(40000, 53, query))),
  ethernet(A, A, 0x0800, ipv4('127.0.0.53', '127.0.0.1', 17, udp(53, 40000, answer))),
  ethernet(
    A,
    A,
    0x0800,
    ipv4('127.0.0.1', '127.0.0.2', 6, tcp(51234, 8000, { seq: 7, flags: 0x02, window: 65495 })),
  ),
];

function writePcap(name: string): string {
  const path = join(dir, name);
  const records = FRAMES.map((data, i) =>
    encodePcapRecord(
      { seconds: 1_700_000_000 + i, nanos: i * 1_500, originalLength: data.length, data },
      true,
    ),
  );
  writeFileSync(path, Buffer.concat([encodePcapHeader(1, { nanosecond: true }), ...records]));
  return path;
}

async function cli(...argv: string[]): Promise<{ code: number; out: string; err: string }> {
  const stdout = new PassThrough();
  const stderr = new PassThrough();
  let out = '';
  let err = '';
  stdout.on('data', (d) => (out += d));
  stderr.on('data', (d) => (err += d));
  const code = await runCli(argv, { stdout, stderr });
  return { code, out, err };
}

describe('netguard-packets', () => {
  const file = writePcap('three.pcap');

  it('counts packets, all or those a filter keeps, as the last line', async () => {
    expect(await cli('count', file)).toEqual({ code: 0, out: '3\n', err: '' });
    expect((await cli('count', file, '-Y', 'dns')).out).toBe('2\n');
    expect((await cli('count', file, '--filter', 'dns.a == 127.0.0.9')).out).toBe('1\n');
  });

  it('reads packets as tshark lines, with nanosecond times for a nanosecond capture', async () => {
    const { code, out } = await cli('read', file);
    expect(code).toBe(0);
    expect(out.split('\n')).toEqual([
      '    1 0.000000000    127.0.0.1 → 127.0.0.53   DNS 72 Standard query 0x1a2b A example.test',
      '    2 1.000001500   127.0.0.53 → 127.0.0.1    DNS 100 Standard query response 0x1a2b A example.test A 127.0.0.9',
      '    3 2.000003000    127.0.0.1 → 127.0.0.2    TCP 54 51234 → 8000 [SYN] Seq=0 Win=65495 Len=0',
      '',
    ]);
    const filtered = await cli('read', file, '-Y', 'tcp.flags.syn == 1');
    expect(filtered.out).toMatch(/^ {4}3 2\.000003000 .* TCP 54 51234 → 8000 \[SYN\]/);
  });

  it('reads packets as JSON lines with layers and frame bytes', async () => {
    const { out } = await cli('read', file, '--json', '-Y', 'udp.srcport == 53');
    const packets = out
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line));
    expect(packets).toHaveLength(1);
    expect(packets[0].info).toBe('Standard query response 0x1a2b A example.test A 127.0.0.9');
    expect(packets[0].payload).toBe(Buffer.from(FRAMES[1]!).toString('hex'));
    expect(packets[0].layers.map((l: { name: string }) => l.name)).toEqual([
      'frame',
      'eth',
      'ip',
      'udp',
      'dns',
    ]);
  });

  it('prints statistics as JSON', async () => {
    const stats = JSON.parse((await cli('stats', file)).out);
    expect(stats.packets).toBe(3);
    expect(stats.protocols).toEqual([
      { protocol: 'DNS', packets: 2, bytes: 172 },
      { protocol: 'TCP', packets: 1, bytes: 54 },
    ]);
    expect(stats.top_hosts[0]).toEqual({ host: '127.0.0.1', packets: 3, bytes: 226 });
    expect(stats.conversations).toHaveLength(2);
  });

  it('decodes a port as told with -d', async () => {
    const { out } = await cli('read', file, '-d', 'tcp.port==8000,http', '-Y', 'http');
    expect(out).toBe('');
    expect((await cli('count', file, '-d', 'udp.port==53,dns')).code).toBe(0);
  });

  it('fails with 1 and the reason on a corrupt capture, a missing file and a bad filter', async () => {
    const corrupt = join(dir, 'corrupt.pcap');
    writeFileSync(corrupt, 'this is not a capture');
    const bad = await cli('count', corrupt);
    expect(bad.code).toBe(1);
    expect(bad.err).toMatch(
      /^netguard-packets: .*corrupt\.pcap: Not a pcap or pcapng file.*byte offset 0\)\n$/,
    );
    const truncated = join(dir, 'truncated.pcap');
    writeFileSync(
      truncated,
      Buffer.concat([
        encodePcapHeader(1),
        encodePcapRecord(
          { seconds: 1, nanos: 0, originalLength: 60, data: new Uint8Array(60) },
          false,
        ).subarray(0, 30),
      ]),
    );
    expect((await cli('count', truncated)).code).toBe(1);
    const missing = await cli('read', join(dir, 'missing.pcap'));
    expect([missing.code, missing.err]).toEqual([1, expect.stringContaining('cannot read')]);
    const filter = await cli('read', file, '-Y', 'ip.src ==');
    expect(filter).toEqual({
      code: 1,
      out: '',
      err: "netguard-packets: Invalid display filter: expected a value after '==' at position 10\n",
    });
  });

  it('fails with 2 and the usage on bad arguments', async () => {
    for (const argv of [
      [],
      ['list', file],
      ['count'],
      ['count', file, 'extra'],
      ['read', file, '-d', 'tcp.port=80,http'],
      ['stats', file, '--top', '0'],
    ]) {
      const { code, err } = await cli(...argv);
      expect(code).toBe(2);
      expect(err).toContain('Usage: netguard-packets');
    }
    expect((await cli('--help')).out).toContain('Usage: netguard-packets');
  });

  it('runs as a program through its bin script', async () => {
    const run = promisify(execFile);
    const bin = new URL('../bin/netguard-packets.js', import.meta.url).pathname;
    const { stdout } = await run(process.execPath, [bin, 'count', file]);
    expect(stdout.trim().split('\n').at(-1)).toBe('3');
    await expect(
      run(process.execPath, [bin, 'count', join(dir, 'missing.pcap')]),
    ).rejects.toMatchObject({ code: 1 });
    await expect(run(process.execPath, [bin])).rejects.toMatchObject({ code: 2 });
  }, 20_000);
});
