import { describe, expect, it } from 'vitest';
import { pcapFile } from '../testing/synthetic-captures.ts';
import { chunked, frameFacts, readBytes } from '../testing/synthetic-chunks.ts';
import { mixedPcapng, sampleFrames } from '../testing/synthetic-files.ts';
import { createRandom } from '../testing/synthetic-random.ts';
import type { Frame } from '../types.ts';
import { createCaptureReader } from './index.ts';

const files = {
  pcap: pcapFile(sampleFrames(300), { nanosecond: true }),
  pcapng: mixedPcapng(),
};

describe.each(Object.entries(files))('%s arriving in pieces', (_format, bytes) => {
  it('gives the same frames from 1-byte chunks and from random-sized chunks as from one chunk', async () => {
    const whole = await readBytes(bytes, () => bytes.length);
    expect(whole.length).toBeGreaterThan(10);
    expect(await readBytes(bytes, () => 1)).toEqual(whole);
    for (const seed of [1, 2, 3]) {
      const random = createRandom(seed);
      // Sizes around record and header lengths, where boundaries hurt most.
      const sizes = [
        () => random.int(1, 24),
        () => random.int(1, 3000),
        () => random.int(2000, 70_000),
      ];
      for (const size of sizes) expect(await readBytes(bytes, size)).toEqual(whole);
    }
  });

  it('keeps every frame valid after later chunks arrived', async () => {
    const random = createRandom(9);
    const kept: Frame[] = [];
    const reader = createCaptureReader(chunked(bytes, () => random.int(1, 700)));
    for await (const frame of reader.frames()) kept.push(frame);
    expect(kept.map(frameFacts)).toEqual(await readBytes(bytes, () => bytes.length));
  });
});

describe('offsets', () => {
  it('gives each frame the file offset of its record', async () => {
    const frames = sampleFrames(5);
    const reader = createCaptureReader(chunked(pcapFile(frames), () => 7));
    const offsets: number[] = [];
    for await (const frame of reader.frames()) offsets.push(frame.offset);
    let at = 24;
    expect(offsets).toEqual(
      frames.map((f) => {
        const here = at;
        at += 16 + f.data.length;
        return here;
      }),
    );
  });
});
