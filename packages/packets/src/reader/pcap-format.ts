import { CaptureFormatError, type Frame } from '../types.ts';
import { u16, u32 } from './bytes.ts';
import { makeFrame, type ParserState } from './state.ts';

const HEADER_BYTES = 24;
const RECORD_HEADER_BYTES = 16;

/** Magic numbers as read big-endian: byte order and timestamp resolution of a pcap file. */
const PCAP_MAGICS: Record<number, { littleEndian: boolean; unitsPerSecond: number }> = {
  2712847316: { littleEndian: false, unitsPerSecond: 1e6 },
  3569595041: { littleEndian: true, unitsPerSecond: 1e6 },
  2712812621: { littleEndian: false, unitsPerSecond: 1e9 },
  1295823521: { littleEndian: true, unitsPerSecond: 1e9 },
};

/** True when the big-endian magic is one of pcap's four. */
export function isPcapMagic(magic: number): boolean {
  return magic in PCAP_MAGICS;
}

/** Reads the 24-byte pcap file header; false while it is not all buffered. */
export function readPcapHeader(s: ParserState): boolean {
  const q = s.queue;
  if (!q.ensure(HEADER_BYTES)) return false;
  const b = q.buf;
  const at = q.at;
  const magic = PCAP_MAGICS[u32(b, at, false)]!;
  const le = magic.littleEndian;
  const major = u16(b, at + 4, le);
  if (major !== 2) {
    const minor = u16(b, at + 6, le);
    throw new CaptureFormatError(`Unsupported pcap version ${major}.${minor}`, q.offset);
  }
  s.format = 'pcap';
  s.littleEndian = le;
  s.interfaces = [
    {
      // The upper bits of the field carry FCS information, not the link type.
      linkType: u32(b, at + 20, le) & 0xffff,
      snapLength: u32(b, at + 16, le),
      unitsPerSecond: magic.unitsPerSecond,
      timestampOffset: 0,
      name: null,
    },
  ];
  q.consume(HEADER_BYTES);
  return true;
}

/** Reads the next packet record; null while it is not all buffered. */
export function readPcapRecord(s: ParserState): Frame | null {
  const q = s.queue;
  if (!q.ensure(RECORD_HEADER_BYTES)) return null;
  const le = s.littleEndian;
  const capturedLength = u32(q.buf, q.at + 8, le);
  const total = RECORD_HEADER_BYTES + capturedLength;
  if (total > s.maxRecordBytes) {
    throw new CaptureFormatError(
      `Packet record too large: captured length ${capturedLength} exceeds the limit of ${s.maxRecordBytes - RECORD_HEADER_BYTES} bytes`,
      q.offset,
    );
  }
  if (!q.ensure(total)) return null;
  const b = q.buf;
  const at = q.at;
  const iface = s.interfaces[0]!;
  let seconds = u32(b, at, le);
  let nanos = u32(b, at + 4, le);
  if (iface.unitsPerSecond === 1e6) nanos *= 1000;
  if (nanos >= 1e9) {
    // Some writers overflow the fraction instead of carrying into the seconds.
    seconds += Math.floor(nanos / 1e9);
    nanos %= 1e9;
  }
  const data = b.subarray(at + RECORD_HEADER_BYTES, at + total);
  const frame = makeFrame(s, seconds, nanos, u32(b, at + 12, le), iface, 0, data);
  q.consume(total);
  return frame;
}

/** Call at the end of input: throws when the capture ends inside a pcap header or record. */
export function checkPcapEnd(s: ParserState): void {
  const q = s.queue;
  const n = q.available;
  let message: string | null = null;
  if (s.format === null) message = `Truncated pcap file header: ${n} of ${HEADER_BYTES} bytes`;
  else if (n > 0 && n < RECORD_HEADER_BYTES) {
    message = `Truncated packet record header: ${n} of ${RECORD_HEADER_BYTES} bytes`;
  } else if (n > 0) {
    q.ensure(RECORD_HEADER_BYTES);
    const total = RECORD_HEADER_BYTES + u32(q.buf, q.at + 8, s.littleEndian);
    message = `Truncated packet record: ${n} of ${total} bytes`;
  }
  if (message) throw new CaptureFormatError(message, q.offset);
}
