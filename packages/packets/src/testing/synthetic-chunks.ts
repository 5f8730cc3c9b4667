import { createCaptureReader, type ReadOptions } from '../reader/index.ts';
import type { Frame } from '../types.ts';

/** Delivers bytes as an async stream of chunks whose sizes `size()` picks (at least 1). */
export async function* chunked(bytes: Uint8Array, size: () => number): AsyncGenerator<Uint8Array> {
  for (let at = 0; at < bytes.length; ) {
    const n = Math.max(1, size());
    // A copy per chunk, as a file or socket delivers fresh buffers.
    yield bytes.slice(at, at + n);
    at += n;
  }
}

/** A frame reduced to plain comparable values (data as hex). */
export type FrameFacts = Omit<Frame, 'data' | 'offset'> & { hex: string };

/** Plain values of a frame, for toEqual. */
export function frameFacts(frame: Frame): FrameFacts {
  const { data, offset: _offset, ...rest } = frame;
  return { ...rest, hex: Buffer.from(data.buffer, data.byteOffset, data.length).toString('hex') };
}

/** Reads a whole capture held in memory, delivered in chunks of `size()` bytes. */
export async function readBytes(
  bytes: Uint8Array,
  size: () => number = () => 65_536,
  options: ReadOptions = {},
): Promise<FrameFacts[]> {
  const frames: FrameFacts[] = [];
  for await (const frame of createCaptureReader(chunked(bytes, size), options).frames()) {
    frames.push(frameFacts(frame));
  }
  return frames;
}
