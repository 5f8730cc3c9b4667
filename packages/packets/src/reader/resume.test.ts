import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { pcapFile, pcapngFile } from '../testing/synthetic-captures.ts';
import { chunked, type FrameFacts, frameFacts } from '../testing/synthetic-chunks.ts';
import { mixedPcapng, sampleFrames } from '../testing/synthetic-files.ts';
import type { ReaderCheckpoint } from '../types.ts';
import { createCaptureReader, readCaptureFile } from './index.ts';

const dir = mkdtempSync(join(tmpdir(), 'reader-resume-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const many = sampleFrames(400);
const files: [string, Uint8Array, number][] = [
  ['pcap, big-endian', pcapFile(many, { littleEndian: false, nanosecond: true }), 37],
  ['pcapng, two sections and four interfaces', mixedPcapng(), 1],
  [
    'pcapng, a big-endian section after a little-endian one',
    pcapngFile(
      [true, false].map((littleEndian, s) => ({
        littleEndian,
        blocks: [
          {
            kind: 'interface' as const,
            iface: { linkType: 1, name: `if${s}`, tsresol: { exponent: 9 } },
          },
          ...many
            .slice(s * 200, s * 200 + 200)
            .map((frame) => ({ kind: 'enhanced' as const, interfaceId: 0, frame })),
        ],
      })),
    ),
    23,
  ],
];

describe.each(files)('resuming %s', (name, bytes, every) => {
  const path = join(dir, `${name.replace(/\W+/g, '-')}.cap`);
  writeFileSync(path, bytes);

  it(`continues from a checkpoint taken every ${every} frames with the right numbers, interfaces and byte order`, async () => {
    const all: FrameFacts[] = [];
    const checkpoints: [number, ReaderCheckpoint][] = [];
    const reader = readCaptureFile(path);
    for await (const frame of reader.frames()) {
      all.push(frameFacts(frame));
      // Stored as JSON, as a server would keep it.
      if (all.length % every === 0)
        checkpoints.push([all.length, JSON.parse(JSON.stringify(reader.checkpoint()))]);
    }
    expect(checkpoints.length).toBeGreaterThan(5);
    for (const [seen, checkpoint] of checkpoints) {
      const resumed = readCaptureFile(path, { resume: checkpoint });
      const rest: FrameFacts[] = [];
      for await (const frame of resumed.frames()) rest.push(frameFacts(frame));
      expect(rest).toEqual(all.slice(seen));
      expect(resumed.format).toBe(reader.format);
      expect(resumed.interfaces).toEqual(reader.interfaces);
    }
  });

  it('resumes from a stream that starts at the checkpoint offset', async () => {
    const reader = createCaptureReader(chunked(bytes, () => 999));
    const iterator = reader.frames();
    for (let i = 0; i < 3; i++) await iterator.next();
    const checkpoint = reader.checkpoint();
    const fourth = (await iterator.next()).value!;
    await iterator.return(undefined);
    const resumed = createCaptureReader(
      chunked(bytes.subarray(checkpoint.offset), () => 17),
      { resume: checkpoint },
    );
    const first = (await resumed.frames().next()).value!;
    expect(frameFacts(first)).toEqual(frameFacts(fourth));
    expect(first.number).toBe(4);
    expect(first.offset).toBe(fourth.offset);
  });
});

it('resumes from a checkpoint stored before interfaces had a timestamp offset', async () => {
  const path = join(dir, 'older-checkpoint.pcap');
  writeFileSync(path, pcapFile(many.slice(0, 10)));
  const reader = readCaptureFile(path);
  const iterator = reader.frames();
  for (let i = 0; i < 4; i++) await iterator.next();
  const { interfaces, ...rest } = reader.checkpoint();
  const older = {
    ...rest,
    interfaces: interfaces.map(({ timestampOffset: _, ...iface }) => iface),
  };
  const fifth = (await iterator.next()).value!;
  await iterator.return(undefined);
  const resumed = readCaptureFile(path, { resume: older as ReaderCheckpoint });
  const first = (await resumed.frames().next()).value!;
  expect(frameFacts(first)).toEqual(frameFacts(fifth));
  expect(resumed.interfaces[0]?.timestampOffset).toBe(0);
});

it('has no checkpoint before the capture header is read', () => {
  const reader = createCaptureReader(chunked(new Uint8Array(0), () => 1));
  expect(() => reader.checkpoint()).toThrow(
    'No checkpoint before the capture header has been read',
  );
});
