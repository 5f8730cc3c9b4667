import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  type Frame,
  type ReaderCheckpoint,
  readCaptureFile,
  writeCapture,
} from '@netguard/packets';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkpointIndexFor, readFramesByNumber } from './packets.frames.ts';
import { CHECKPOINT_EVERY } from './packets.ingest.ts';

const COUNT = 3_500;
let dir: string;
let file: string;
const checkpoints: ReaderCheckpoint[] = [];

/** A frame whose bytes spell its own number, so a frame read back shows where it came from. */
function numbered(number: number): Frame {
  const data = new Uint8Array(60);
  new DataView(data.buffer).setUint32(0, number);
  return {
    number,
    seconds: 1_700_000_000 + number,
    nanos: 0,
    capturedLength: 60,
    originalLength: 60,
    linkType: 1,
    interfaceId: 0,
    offset: 0,
    data,
  };
}
const numberIn = (frame: Frame) =>
  new DataView(frame.data.buffer, frame.data.byteOffset).getUint32(0);

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'netguard-frames-'));
  file = path.join(dir, 'numbered.pcap');
  const out = fs.createWriteStream(file);
  await writeCapture(
    Array.from({ length: COUNT }, (_, i) => numbered(i + 1)),
    out,
    { linkTypes: [1] },
  );
  await new Promise((resolve) => out.end(resolve));
  const reader = readCaptureFile(file);
  for await (const frame of reader.frames()) {
    if (frame.number % CHECKPOINT_EVERY === 0) checkpoints.push(reader.checkpoint());
  }
});
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

const bytes = (start: number) => fs.createReadStream(file, { start });

async function read(
  numbers: number[],
  lookup = (i: number) => Promise.resolve(checkpoints[i] ?? null),
) {
  const asked: number[] = [];
  const frames: Frame[] = [];
  for await (const frame of readFramesByNumber(bytes, numbers, (i) => {
    asked.push(i);
    return lookup(i);
  })) {
    frames.push(frame);
  }
  return { frames, asked };
}

describe('readFramesByNumber', () => {
  it('maps a frame to the checkpoint before it', () => {
    expect([1, 1000, 1001, 2000, 2001, 3500].map(checkpointIndexFor)).toEqual([-1, -1, 0, 0, 1, 2]);
  });

  it('reads the wanted frames, jumping to the checkpoint of each far-away one', async () => {
    const wanted = [3, 4, 1500, 1501, 3499, 3500];
    const { frames, asked } = await read(wanted);
    expect(frames.map((f) => f.number)).toEqual(wanted);
    expect(frames.map(numberIn)).toEqual(wanted);
    // From the top for 3-4, checkpoint 0 (frame 1001 on) for 1500-1501, checkpoint 2 for 3499.
    expect(asked).toEqual([0, 2]);
  });

  it('reads through from the top when a checkpoint is missing, without starting over', async () => {
    const { frames, asked } = await read([2500, 3100], () => Promise.resolve(null));
    expect(frames.map(numberIn)).toEqual([2500, 3100]);
    expect(asked).toEqual([1]);
  });

  it('stops at the end of the file when asked for frames it does not have', async () => {
    const { frames } = await read([3500, 3501, 4000]);
    expect(frames.map((f) => f.number)).toEqual([3500]);
  });
});
