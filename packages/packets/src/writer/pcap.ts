import type { Frame } from '../types.ts';

/** Written frames fit tcpdump's default snap length. */
export const DEFAULT_SNAP_LENGTH = 262_144;
export const PCAP_HEADER_BYTES = 24;
export const PCAP_RECORD_HEADER_BYTES = 16;

type RecordFrame = Pick<Frame, 'seconds' | 'nanos' | 'originalLength' | 'data'>;

/** Writes a pcap file header into `out` in either byte order (tests need both). */
export function writePcapHeader(
  out: Uint8Array,
  linkType: number,
  snapLength: number,
  nanosecond: boolean,
  littleEndian: boolean,
): void {
  const view = new DataView(out.buffer, out.byteOffset, PCAP_HEADER_BYTES);
  view.setUint32(0, nanosecond ? 0xa1b23c4d : 0xa1b2c3d4, littleEndian);
  view.setUint16(4, 2, littleEndian);
  view.setUint16(6, 4, littleEndian);
  view.setInt32(8, 0, littleEndian);
  view.setUint32(12, 0, littleEndian);
  view.setUint32(16, snapLength, littleEndian);
  view.setUint32(20, linkType, littleEndian);
}

/** Writes one packet record at `out[at]`; returns the index after it. */
export function writePcapRecord(
  out: Uint8Array,
  at: number,
  frame: RecordFrame,
  nanosecond: boolean,
  littleEndian: boolean,
): number {
  const length = frame.data.length;
  const view = new DataView(out.buffer, out.byteOffset + at, PCAP_RECORD_HEADER_BYTES);
  view.setUint32(0, frame.seconds, littleEndian);
  view.setUint32(4, nanosecond ? frame.nanos : Math.floor(frame.nanos / 1000), littleEndian);
  view.setUint32(8, length, littleEndian);
  view.setUint32(12, Math.max(frame.originalLength, length), littleEndian);
  out.set(frame.data, at + PCAP_RECORD_HEADER_BYTES);
  return at + PCAP_RECORD_HEADER_BYTES + length;
}

/** The 24-byte header of a little-endian pcap file (nanosecond magic a1b23c4d by default). */
export function encodePcapHeader(
  linkType: number,
  options: { snapLength?: number; nanosecond?: boolean } = {},
): Uint8Array {
  const out = new Uint8Array(PCAP_HEADER_BYTES);
  writePcapHeader(
    out,
    linkType,
    options.snapLength ?? DEFAULT_SNAP_LENGTH,
    options.nanosecond ?? true,
    true,
  );
  return out;
}

/** One little-endian pcap packet record: 16-byte header and the frame's bytes. */
export function encodePcapRecord(frame: RecordFrame, nanosecond: boolean): Uint8Array {
  const out = new Uint8Array(PCAP_RECORD_HEADER_BYTES + frame.data.length);
  writePcapRecord(out, 0, frame, nanosecond, true);
  return out;
}
