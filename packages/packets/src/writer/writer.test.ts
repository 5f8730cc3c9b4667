import { execFileSync } from 'node:child_process';
import { createWriteStream, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { afterAll, describe, expect, it } from 'vitest';
import { readCaptureFile } from '../reader/index.ts';
import { frameFacts, readBytes } from '../testing/synthetic-chunks.ts';
import { asInterfaceFrame, sampleFrames } from '../testing/synthetic-files.ts';
import type { Frame } from '../types.ts';
import { encodePcapHeader, encodePcapRecord, writeCapture } from './index.ts';

const dir = mkdtempSync(join(tmpdir(), 'writer-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const frames = sampleFrames(500);
/** Ethernet and raw IP frames interleaved, as a capture on two interfaces. */
const mixed = frames.map((f, i) => (i % 3 === 1 ? asInterfaceFrame(f, 101) : f));

async function writeFile(name: string, input: Iterable<Frame>, linkTypes: number[]) {
  const path = join(dir, name);
  const out = createWriteStream(path);
  const result = await writeCapture(input, out, { linkTypes });
  await new Promise((resolve) => out.end(resolve));
  return { path, ...result };
}

/** capinfos' machine-readable line: type, encapsulation, packets, first and last time. */
const capinfos = (path: string) =>
  execFileSync('capinfos', ['-T', '-M', '-r', '-S', '-t', '-E', '-c', '-a', '-e', path], {
    encoding: 'utf8',
  })
    .trim()
    .split('\t')
    .slice(1);
const tsharkCount = (path: string) =>
  execFileSync('tshark', ['-r', path, '-T', 'fields', '-e', 'frame.number'], {
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'ignore'],
  })
    .trim()
    .split('\n').length;

describe('pcap encoders', () => {
  it('write a little-endian nanosecond header by default and microsecond on request', () => {
    const header = encodePcapHeader(1);
    expect([...header.subarray(0, 8)]).toEqual([0x4d, 0x3c, 0xb2, 0xa1, 2, 0, 4, 0]);
    expect(new DataView(header.buffer).getUint32(16, true)).toBe(262_144);
    expect(new DataView(header.buffer).getUint32(20, true)).toBe(1);
    const micro = encodePcapHeader(101, { nanosecond: false, snapLength: 96 });
    expect([...micro.subarray(0, 4)]).toEqual([0xd4, 0xc3, 0xb2, 0xa1]);
    expect(new DataView(micro.buffer).getUint32(16, true)).toBe(96);
  });

  it('write records that read back with microsecond or nanosecond times', async () => {
    const frame = { ...frames[0]!, seconds: 1_700_000_123, nanos: 456_789_012 };
    for (const nanosecond of [true, false]) {
      const bytes = new Uint8Array([
        ...encodePcapHeader(1, { nanosecond }),
        ...encodePcapRecord(frame, nanosecond),
      ]);
      expect(bytes.length).toBe(24 + 16 + frame.data.length);
      const [read] = await readBytes(bytes);
      expect(read).toEqual({ ...frameFacts(frame), nanos: nanosecond ? 456_789_012 : 456_789_000 });
    }
  });
});

describe('writeCapture', () => {
  it('writes one link type as nanosecond pcap that reads back identically and that tshark reads', async () => {
    const file = await writeFile('one.pcap', frames, [1]);
    expect(file).toMatchObject({ format: 'pcap', packets: 500 });
    const back: ReturnType<typeof frameFacts>[] = [];
    for await (const frame of readCaptureFile(file.path).frames()) back.push(frameFacts(frame));
    expect(back).toEqual(frames.map(frameFacts));
    expect(tsharkCount(file.path)).toBe(500);
    const first = `${frames[0]!.seconds}.${String(frames[0]!.nanos).padStart(9, '0')}`;
    expect(capinfos(file.path)).toEqual(['nsecpcap', 'ether', '500', first, expect.any(String)]);
  });

  it('writes several link types as pcapng with one interface each', async () => {
    const file = await writeFile('two.pcapng', mixed, [1, 101]);
    expect(file).toMatchObject({ format: 'pcapng', packets: 500 });
    const reader = readCaptureFile(file.path);
    const back: ReturnType<typeof frameFacts>[] = [];
    for await (const frame of reader.frames()) back.push(frameFacts(frame));
    expect(back).toEqual(
      mixed.map((f) => frameFacts({ ...f, interfaceId: f.linkType === 1 ? 0 : 1 })),
    );
    expect(reader.interfaces.map((i) => [i.linkType, i.unitsPerSecond])).toEqual([
      [1, 1e9],
      [101, 1e9],
    ]);
    expect(tsharkCount(file.path)).toBe(500);
    expect(capinfos(file.path).slice(0, 3)).toEqual(['pcapng', 'per-packet', '500']);
  });

  it('accepts async frame sources', async () => {
    async function* source() {
      yield* frames.slice(0, 10);
    }
    const file = await writeFile('async.pcap', [], [1]);
    expect(file.packets).toBe(0);
    const out = createWriteStream(join(dir, 'async2.pcap'));
    expect(await writeCapture(source(), out, { linkTypes: [1] })).toEqual({
      format: 'pcap',
      packets: 10,
    });
    out.end();
  });

  it('waits for a slow stream to drain instead of buffering the whole capture', async () => {
    let writesWhileFull = 0;
    let maxBuffered = 0;
    const chunks: Buffer[] = [];
    const slow = new Writable({
      highWaterMark: 64 * 1024,
      write(chunk: Buffer, _encoding, done) {
        chunks.push(Buffer.from(chunk));
        setTimeout(done, 1);
      },
    });
    const write = slow.write.bind(slow) as (
      chunk: Uint8Array,
      cb?: (error?: Error | null) => void,
    ) => boolean;
    slow.write = ((chunk: Uint8Array, ...rest: never[]) => {
      if (slow.writableNeedDrain) writesWhileFull++;
      maxBuffered = Math.max(maxBuffered, slow.writableLength);
      return write(chunk, ...rest);
    }) as typeof slow.write;
    const many = [...frames, ...frames, ...frames, ...frames];
    await writeCapture(many, slow, { linkTypes: [1] });
    expect(writesWhileFull).toBe(0);
    expect(maxBuffered).toBeLessThanOrEqual(256 * 1024);
    const back = await readBytes(new Uint8Array(Buffer.concat(chunks)));
    expect(back).toHaveLength(2000);
  });

  it('refuses a frame whose link type is not listed, and an empty list', async () => {
    const sink = new Writable({ write: (_c, _e, done) => done() });
    await expect(writeCapture(mixed, sink, { linkTypes: [1] })).rejects.toThrow(
      'Frame 2 has link type 101, which is not among the link types given (1)',
    );
    await expect(writeCapture(frames, sink, { linkTypes: [] })).rejects.toThrow(
      'at least one link type',
    );
  });

  it('rejects when the stream fails', async () => {
    const broken = new Writable({ write: (_c, _e, done) => done(new Error('disk full')) });
    await expect(writeCapture(frames, broken, { linkTypes: [1] })).rejects.toThrow('disk full');
  });

  it('rejects instead of waiting when the stream is already destroyed (a client that left)', async () => {
    const gone = new Writable({ highWaterMark: 16, write: (_c, _e, done) => setTimeout(done, 5) });
    gone.destroy();
    const many = [...frames, ...frames, ...frames, ...frames];
    await expect(writeCapture(many, gone, { linkTypes: [1] })).rejects.toThrow(
      'The output stream closed before the capture was written',
    );
  });
});
