import { createReadStream } from 'node:fs';
import type { CaptureFormat, CaptureInterface, Frame, ReaderCheckpoint } from '../types.ts';
import { CaptureParser, DEFAULT_MAX_RECORD_BYTES } from './parser.ts';

export type ReadOptions = {
  /** Go on from a checkpoint: the source starts at its offset (readCaptureFile seeks there). */
  resume?: ReaderCheckpoint;
  /** Largest record or block, headers included, the reader accepts; larger is a CaptureFormatError. */
  maxRecordBytes?: number;
};

export type CaptureReader = {
  /**
   * The frames, streamed: only the current record is held. A frame's `data` is a view into the
   * chunk the source delivered (a fresh copy when the record spanned chunks); the reader never
   * writes to chunks, so frames stay valid as long as the source does not reuse its buffers
   * (file streams and pipes never do). A kept frame keeps its chunk alive: copy `data` to keep
   * many frames for long. Can be iterated once.
   */
  frames(): AsyncGenerator<Frame>;
  /** Valid between frames: pass it as `resume` later to go on after the last frame received. */
  checkpoint(): ReaderCheckpoint;
  readonly format: CaptureFormat | null;
  /** The interfaces of the current pcapng section, or the one interface of a pcap file. */
  readonly interfaces: readonly CaptureInterface[];
};

/** Streams the frames of a pcap or pcapng capture arriving in chunks of any size. */
export function createCaptureReader(
  source: AsyncIterable<Uint8Array>,
  options: ReadOptions = {},
): CaptureReader {
  const parser = new CaptureParser(
    options.maxRecordBytes ?? DEFAULT_MAX_RECORD_BYTES,
    options.resume,
  );
  let iterated = false;
  return {
    frames() {
      if (iterated) throw new Error('The frames of a capture reader can be iterated once');
      iterated = true;
      return iterate(source, parser);
    },
    checkpoint: () => parser.checkpoint(),
    get format() {
      return parser.format;
    },
    get interfaces() {
      return parser.interfaces;
    },
  };
}

/** Streams the frames of a capture file, from its start or from `options.resume`. */
export function readCaptureFile(path: string, options: ReadOptions = {}): CaptureReader {
  return createCaptureReader(fileChunks(path, options.resume?.offset ?? 0), options);
}

// Opened on first read, so a reader that is never iterated holds no file descriptor.
async function* fileChunks(path: string, start: number): AsyncGenerator<Uint8Array> {
  yield* createReadStream(path, { start, highWaterMark: 256 * 1024 });
}

async function* iterate(
  source: AsyncIterable<Uint8Array>,
  parser: CaptureParser,
): AsyncGenerator<Frame> {
  for await (const chunk of source) {
    parser.push(chunk);
    for (let frame = parser.next(); frame !== null; frame = parser.next()) yield frame;
  }
  parser.finish();
}
