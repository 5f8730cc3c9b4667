import type { CaptureFormat, CaptureInterface, Frame } from '../types.ts';
import type { ByteQueue } from './byte-queue.ts';
import type { SplitTime } from './timestamps.ts';

/** A pcapng block whose bytes are dropped as they arrive instead of being buffered. */
export type SkippedBlock = { type: number; start: number; length: number; remaining: number };

/** What the pcap and pcapng record readers share while a capture is parsed. */
export type ParserState = {
  queue: ByteQueue;
  format: CaptureFormat | null;
  littleEndian: boolean;
  /** Interfaces of the current pcapng section (the one interface of a pcap file). */
  interfaces: CaptureInterface[];
  nextNumber: number;
  maxRecordBytes: number;
  skip: SkippedBlock | null;
  /** Scratch space for timestamp splitting, to avoid an allocation per frame. */
  time: SplitTime;
};

/** Builds a Frame; one constructor keeps every frame the same object shape for the JIT. */
export function makeFrame(
  s: ParserState,
  seconds: number,
  nanos: number,
  originalLength: number,
  iface: CaptureInterface,
  interfaceId: number,
  data: Uint8Array,
): Frame {
  return {
    number: s.nextNumber++,
    seconds,
    nanos,
    capturedLength: data.length,
    originalLength,
    linkType: iface.linkType,
    interfaceId,
    offset: s.queue.offset,
    data,
  };
}
