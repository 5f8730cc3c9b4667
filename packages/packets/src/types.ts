/** Capture file formats the reader understands. */
export type CaptureFormat = 'pcap' | 'pcapng';

/** An interface of a capture: pcap has one, pcapng one per Interface Description Block. */
export type CaptureInterface = {
  linkType: number;
  snapLength: number;
  /** Timestamp units per second: 1e6 (pcap µs, pcapng default), 1e9 (pcap ns) or pcapng if_tsresol. */
  unitsPerSecond: number;
  /** pcapng if_tsoffset: seconds added to every timestamp of the interface (0 without it). */
  timestampOffset: number;
  name: string | null;
};

/**
 * Everything needed to go on reading a capture from the middle: a plain JSON value, so a caller
 * can store it and later resume at `offset` (see ReadOptions.resume).
 */
export type ReaderCheckpoint = {
  format: CaptureFormat;
  littleEndian: boolean;
  interfaces: CaptureInterface[];
  /** Byte offset of the next block or record in the file. */
  offset: number;
  /** Number the next frame will get (1-based). */
  nextNumber: number;
};

/** One captured frame as read from a file or a live capture, before dissection. */
export type Frame = {
  /** 1-based frame number. */
  number: number;
  /** Whole seconds since the epoch. */
  seconds: number;
  /** Nanoseconds within the second. */
  nanos: number;
  capturedLength: number;
  originalLength: number;
  linkType: number;
  interfaceId: number;
  /** Byte offset of the frame's record or block in the file. */
  offset: number;
  /** The captured bytes (capturedLength of them), from the link-layer header on. */
  data: Uint8Array;
};

/** A corrupt, truncated or unknown capture: the message names the byte offset. */
export class CaptureFormatError extends Error {
  readonly offset: number;
  constructor(message: string, offset: number) {
    super(`${message} (at byte offset ${offset})`);
    this.name = 'CaptureFormatError';
    this.offset = offset;
  }
}
