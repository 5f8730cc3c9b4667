import {
  CaptureFormatError,
  type CaptureInterface,
  type Frame,
  type ReaderCheckpoint,
} from '../types.ts';
import { ByteQueue } from './byte-queue.ts';
import { hex32, u32 } from './bytes.ts';
import { checkPcapEnd, isPcapMagic, readPcapHeader, readPcapRecord } from './pcap-format.ts';
import { BLOCK } from './pcapng-codes.ts';
import { checkPcapngEnd, readPcapngBlock } from './pcapng-format.ts';
import type { ParserState } from './state.ts';

/** Largest record or block the reader buffers: tcpdump's 256 KiB snap length plus room for headers and options. */
export const DEFAULT_MAX_RECORD_BYTES = 262_144 + 4096;

/**
 * The synchronous core of the reader: bytes go in with push(), frames come out of next() as soon
 * as their record is complete. Only the current record's bytes are held.
 */
export class CaptureParser {
  private readonly s: ParserState;
  private readonly start: number;

  constructor(maxRecordBytes: number, resume?: ReaderCheckpoint) {
    this.start = resume?.offset ?? 0;
    this.s = {
      queue: new ByteQueue(this.start),
      format: resume?.format ?? null,
      littleEndian: resume?.littleEndian ?? true,
      interfaces: resume ? resume.interfaces.map(copyInterface) : [],
      nextNumber: resume?.nextNumber ?? 1,
      maxRecordBytes,
      skip: null,
      time: { seconds: 0, nanos: 0 },
    };
  }

  get format() {
    return this.s.format;
  }

  get interfaces(): readonly CaptureInterface[] {
    return this.s.interfaces;
  }

  push(chunk: Uint8Array): void {
    this.s.queue.push(chunk);
  }

  /** The next complete frame, or null until more bytes are pushed. */
  next(): Frame | null {
    const s = this.s;
    for (;;) {
      if (s.format === 'pcap') return readPcapRecord(s);
      if (s.format === 'pcapng') {
        const result = readPcapngBlock(s);
        if (result !== false) return result;
      } else if (!this.readMagic()) {
        return null;
      }
    }
  }

  /** Call at the end of input: throws when the capture stops inside a header or record. */
  finish(): void {
    const s = this.s;
    const q = s.queue;
    if (s.format === 'pcapng') checkPcapngEnd(s);
    else if (s.format === 'pcap' || q.available >= 4) checkPcapEnd(s);
    else {
      const what = q.available === 0 ? 'it is empty' : `only ${q.available} bytes`;
      throw new CaptureFormatError(`Not a pcap or pcapng file: ${what}`, q.offset);
    }
  }

  /** Where to resume: valid whenever next() has just returned a frame. */
  checkpoint(): ReaderCheckpoint {
    const s = this.s;
    if (s.format === null) throw new Error('No checkpoint before the capture header has been read');
    return {
      format: s.format,
      littleEndian: s.littleEndian,
      interfaces: s.interfaces.map(copyInterface),
      offset: s.queue.offset,
      nextNumber: s.nextNumber,
    };
  }

  /** Recognises pcap or pcapng from the first four bytes; false while they are not buffered. */
  private readMagic(): boolean {
    const q = this.s.queue;
    if (!q.ensure(4)) return false;
    const magic = u32(q.buf, q.at, false);
    if (magic === BLOCK.sectionHeader) {
      // The section header block itself sets the byte order and the format.
      this.s.format = 'pcapng';
      return true;
    }
    if (isPcapMagic(magic)) return readPcapHeader(this.s);
    throw new CaptureFormatError(
      `Not a pcap or pcapng file: unknown magic ${hex32(magic)}`,
      q.offset,
    );
  }
}

function copyInterface(iface: CaptureInterface): CaptureInterface {
  return {
    linkType: iface.linkType,
    snapLength: iface.snapLength,
    unitsPerSecond: iface.unitsPerSecond,
    // Checkpoints stored before if_tsoffset was read have no offset.
    timestampOffset: iface.timestampOffset ?? 0,
    name: iface.name,
  };
}
