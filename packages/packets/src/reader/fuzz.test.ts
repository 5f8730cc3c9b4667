import { describe, expect, it } from 'vitest';
import { pcapFile } from '../testing/synthetic-captures.ts';
import { chunked } from '../testing/synthetic-chunks.ts';
import { mixedPcapng, sampleFrames } from '../testing/synthetic-files.ts';
import { createRandom, type Random } from '../testing/synthetic-random.ts';
import { CaptureFormatError } from '../types.ts';
import { createCaptureReader } from './index.ts';

const INPUTS = 4000;
const frames = sampleFrames(16);
const bases = [
  pcapFile(frames),
  pcapFile(frames, { littleEndian: false, nanosecond: true }),
  mixedPcapng(),
];
const EXTREMES = [
  0, 1, 3, 8, 11, 12, 13, 0x7fffffff, 0x80000000, 0xfffffff0, 0xffffffff, 0x1a2b3c4d, 0x0a0d0d0a,
];

/** One damaged input: bytes flipped, a word overwritten, cut short, spliced, or plain noise. */
function damaged(random: Random): Uint8Array {
  const base = bases[random.int(0, bases.length - 1)]!;
  const bytes = base.slice();
  const kind = random.int(0, 5);
  if (kind === 0) {
    for (let i = random.int(1, 8); i > 0; i--)
      bytes[random.int(0, bytes.length - 1)] = random.int(0, 255);
  } else if (kind === 1) {
    // Length and id fields are 32-bit words on 4-byte boundaries in both formats.
    const at = random.int(0, bytes.length / 4 - 1) * 4;
    const value =
      random.next() < 0.5
        ? EXTREMES[random.int(0, EXTREMES.length - 1)]!
        : random.int(0, 2 ** 32 - 1);
    new DataView(bytes.buffer).setUint32(at, value >>> 0, random.next() < 0.5);
  } else if (kind === 2) {
    return bytes.subarray(0, random.int(0, bytes.length - 1));
  } else if (kind === 3) {
    const other = bases[random.int(0, bases.length - 1)]!;
    const cut = random.int(0, bytes.length);
    const from = random.int(0, other.length);
    const out = new Uint8Array(cut + other.length - from);
    out.set(bytes.subarray(0, cut));
    out.set(other.subarray(from), cut);
    return out;
  } else if (kind === 4) {
    // Noise after a real magic, so the parsers past the magic check get exercised.
    const noise = random.bytes(random.int(0, 3000));
    noise.set(base.subarray(0, Math.min(noise.length, random.int(4, 32))));
    return noise;
  } else {
    return random.bytes(random.int(0, 600));
  }
  return bytes;
}

describe('damaged and random input', () => {
  it(`reads or throws CaptureFormatError for each of ${INPUTS} inputs, with bounded memory`, async () => {
    const random = createRandom(20240607);
    const outcomes = { read: 0, refused: 0 };
    let peak = 0;
    for (let i = 0; i < INPUTS; i++) {
      const input = damaged(random);
      const reader = createCaptureReader(chunked(input, () => random.int(1, 4096)));
      let expected = 1;
      try {
        for await (const frame of reader.frames()) {
          // Frames that do come out are coherent.
          expect(frame.number).toBe(expected++);
          expect(frame.data.length).toBe(frame.capturedLength);
        }
        outcomes.read++;
      } catch (error) {
        if (!(error instanceof CaptureFormatError)) {
          throw new Error(`input ${i} (${input.length} bytes) failed with ${String(error)}`);
        }
        expect(error.message).toMatch(/\(at byte offset \d+\)$/);
        expect(error.offset).toBeLessThanOrEqual(input.length);
        outcomes.refused++;
      }
      if (i % 100 === 0) {
        const { heapUsed, arrayBuffers } = process.memoryUsage();
        peak = Math.max(peak, heapUsed + arrayBuffers);
      }
    }
    // Both outcomes occur: mutations of padding or payload bytes still read.
    expect(outcomes.read).toBeGreaterThan(INPUTS / 10);
    expect(outcomes.refused).toBeGreaterThan(INPUTS / 2);
    expect(peak).toBeLessThan(256 * 1024 * 1024);
  }, 60_000);
});
