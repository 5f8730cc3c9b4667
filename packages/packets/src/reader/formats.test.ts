import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { pcapFile, type SyntheticSection, unitsPerSecond } from '../testing/synthetic-captures.ts';
import { type FrameFacts, frameFacts, readBytes } from '../testing/synthetic-chunks.ts';
import { mixedPcapng, mixedSections, sampleFrames } from '../testing/synthetic-files.ts';
import type { Frame } from '../types.ts';
import { createCaptureReader, readCaptureFile } from './index.ts';

const dir = mkdtempSync(join(tmpdir(), 'reader-formats-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Time as tshark prints frame.time_epoch. */
const epoch = (f: { seconds: number; nanos: number }) =>
  `${f.seconds}.${String(f.nanos).padStart(9, '0')}`;

/** The time a clock of `units` ticks per second records for the frame's true time. */
function atResolution(frame: Frame, units: number): { seconds: number; nanos: number } {
  const ticks = (BigInt(frame.nanos) * BigInt(units)) / 1_000_000_000n;
  return { seconds: frame.seconds, nanos: Number((ticks * 1_000_000_000n) / BigInt(units)) };
}

/** What the reader must report for the packet blocks of synthetic sections. */
function expectedFrames(sections: SyntheticSection[]): FrameFacts[] {
  const out: FrameFacts[] = [];
  for (const { blocks } of sections) {
    const interfaces = blocks.flatMap((b) => (b.kind === 'interface' ? [b.iface] : []));
    for (const block of blocks) {
      if (block.kind !== 'enhanced' && block.kind !== 'obsolete' && block.kind !== 'simple')
        continue;
      const id = block.kind === 'simple' ? 0 : block.interfaceId;
      const time =
        block.kind === 'simple'
          ? { seconds: 0, nanos: 0 }
          : atResolution(block.frame, unitsPerSecond(interfaces[id]!));
      const facts = frameFacts({
        ...block.frame,
        ...time,
        interfaceId: id,
        linkType: interfaces[id]!.linkType,
      });
      out.push({ ...facts, number: out.length + 1 });
    }
  }
  return out;
}

function tsharkFields(path: string, fields: string[], displayFilter?: string): string[][] {
  const args = ['-r', path, '-T', 'fields', ...fields.flatMap((f) => ['-e', f])];
  if (displayFilter) args.push('-Y', displayFilter);
  const text = execFileSync('tshark', args, {
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'ignore'],
  });
  return text
    .trim()
    .split('\n')
    .map((line) => line.split('\t'));
}

describe('pcap', () => {
  const frames = sampleFrames(40);
  for (const littleEndian of [true, false]) {
    for (const nanosecond of [true, false]) {
      const name = `${littleEndian ? 'little' : 'big'}-endian, ${nanosecond ? 'nano' : 'micro'}second magic`;
      it(`reads ${name} files as tshark does`, async () => {
        const bytes = pcapFile(frames, {
          littleEndian,
          nanosecond,
          linkType: 1,
          snapLength: 65_535,
        });
        const got = await readBytes(bytes);
        const units = nanosecond ? 1e9 : 1e6;
        expect(got).toEqual(frames.map((f) => frameFacts({ ...f, ...atResolution(f, units) })));
        const reader = createCaptureReader(
          (async function* () {
            yield bytes;
          })(),
        );
        for await (const _ of reader.frames());
        expect(reader.format).toBe('pcap');
        expect(reader.interfaces).toEqual([
          {
            linkType: 1,
            snapLength: 65_535,
            unitsPerSecond: units,
            timestampOffset: 0,
            name: null,
          },
        ]);
        const path = join(dir, `${name}.pcap`);
        writeFileSync(path, bytes);
        const shark = tsharkFields(path, ['frame.number', 'frame.time_epoch', 'frame.len']);
        expect(got.map((f) => [String(f.number), epoch(f), String(f.originalLength)])).toEqual(
          shark,
        );
      });
    }
  }
});

describe('pcapng', () => {
  const bytes = mixedPcapng();
  const path = join(dir, 'mixed.pcapng');
  writeFileSync(path, bytes);

  it('reads two sections of both byte orders, four interfaces, every packet block, and skips the rest', async () => {
    const got = await readBytes(bytes);
    expect(got).toEqual(expectedFrames(mixedSections()));
    expect(got.map((f) => f.linkType)).toEqual([1, 101, 1, 1, 1, 1, 101, 1, 1, 1, 1, 1]);
    // The simple packet block is cut to the first interface's 80-byte snap length.
    expect(got[2]!.capturedLength).toBe(80);
    expect(got[2]!.originalLength).toBeGreaterThan(80);
  });

  it('reports the interfaces of the current section with their names, resolutions and offsets', async () => {
    const reader = readCaptureFile(path);
    const seen: string[] = [];
    for await (const frame of reader.frames()) {
      const iface = reader.interfaces[frame.interfaceId]!;
      seen.push(`${frame.number}:${iface.name}:${iface.unitsPerSecond}`);
    }
    expect(reader.format).toBe('pcapng');
    expect(seen.slice(0, 7)).toEqual([
      '1:eth0:1000000',
      '2:tun0:1000000000',
      '3:eth0:1000000',
      `4:lo:${2 ** 20}`,
      `5:lo:${2 ** 20}`,
      '6:null:1000',
      '7:tun0:1000000000',
    ]);
    expect(reader.interfaces).toEqual([
      {
        linkType: 1,
        snapLength: 262_144,
        unitsPerSecond: 1e9,
        timestampOffset: -7200,
        name: 'eth1',
      },
    ]);
  });

  it('agrees with tshark on count, lengths and timestamps', async () => {
    const got = await readBytes(bytes);
    // tshark also lists the custom block as a record of bare data: keep the Ethernet and raw IP packets.
    const shark = tsharkFields(
      path,
      ['frame.cap_len', 'frame.len', 'frame.time_epoch'],
      'eth || raw',
    );
    // A simple packet block has no timestamp: tshark leaves the time empty, we give the epoch.
    const ours = got.map((f) => [
      String(f.capturedLength),
      String(f.originalLength),
      f.seconds ? epoch(f) : '',
    ]);
    expect(ours).toEqual(shark);
  });
});
