import { CaptureFormatError, type CaptureInterface, type Frame } from '../types.ts';
import { u16, u32 } from './bytes.ts';
import { BLOCK, blockName, OPTION } from './pcapng-codes.ts';
import { makeFrame, type ParserState } from './state.ts';
import { splitTimestamp, unitsFromTsresol } from './timestamps.ts';

/** A hostile file could declare interfaces without end; real captures have a handful. */
export const MAX_INTERFACES = 4096;

const utf8 = new TextDecoder();

/** Starts a new section: byte order from its header, no interfaces yet. */
export function readSectionHeader(s: ParserState, le: boolean, b: Uint8Array, at: number): void {
  const major = u16(b, at + 12, le);
  if (major !== 1) {
    const minor = u16(b, at + 14, le);
    throw new CaptureFormatError(`Unsupported pcapng version ${major}.${minor}`, s.queue.offset);
  }
  s.format = 'pcapng';
  s.littleEndian = le;
  s.interfaces = [];
}

/** Adds the interface an Interface Description Block declares, with its name and resolution. */
export function readInterface(s: ParserState, b: Uint8Array, at: number, length: number): void {
  const le = s.littleEndian;
  const offset = s.queue.offset;
  if (s.interfaces.length >= MAX_INTERFACES) {
    throw new CaptureFormatError(
      `Too many interfaces: more than ${MAX_INTERFACES} in one section`,
      offset,
    );
  }
  const iface: CaptureInterface = {
    linkType: u16(b, at + 8, le),
    snapLength: u32(b, at + 12, le),
    unitsPerSecond: 1e6,
    timestampOffset: 0,
    name: null,
  };
  const end = at + length - 4;
  let pos = at + 16;
  while (pos + 4 <= end) {
    const code = u16(b, pos, le);
    const size = u16(b, pos + 2, le);
    if (code === OPTION.end) break;
    if (pos + 4 + size > end) {
      throw new CaptureFormatError(
        `Invalid option ${code} in the interface description block: its ${size} bytes run past the block`,
        offset,
      );
    }
    if (code === OPTION.interfaceName)
      iface.name = utf8.decode(b.subarray(pos + 4, pos + 4 + size));
    if (code === OPTION.timestampResolution && size >= 1)
      iface.unitsPerSecond = unitsFromTsresol(b[pos + 4]!, offset);
    if (code === OPTION.timestampOffset && size >= 8)
      iface.timestampOffset = timestampOffset(b, pos + 4, le, offset);
    pos += 4 + ((size + 3) & ~3);
  }
  s.interfaces.push(iface);
}

/** Reads an Enhanced, Simple or (obsolete) Packet Block into a Frame. */
export function readPacket(
  s: ParserState,
  type: number,
  b: Uint8Array,
  at: number,
  length: number,
): Frame {
  const le = s.littleEndian;
  if (type === BLOCK.simplePacket) return readSimplePacket(s, b, at, length);
  // The obsolete Packet Block has a 16-bit interface id followed by a 16-bit drop count.
  const interfaceId = type === BLOCK.packet ? u16(b, at + 8, le) : u32(b, at + 8, le);
  const iface = interfaceOf(s, type, interfaceId);
  const capturedLength = u32(b, at + 20, le);
  checkFits(type, capturedLength, 28, length, s.queue.offset);
  splitTimestamp(u32(b, at + 12, le), u32(b, at + 16, le), iface.unitsPerSecond, s.time);
  const data = b.subarray(at + 28, at + 28 + capturedLength);
  const seconds = s.time.seconds + iface.timestampOffset;
  return makeFrame(s, seconds, s.time.nanos, u32(b, at + 24, le), iface, interfaceId, data);
}

function readSimplePacket(s: ParserState, b: Uint8Array, at: number, length: number): Frame {
  const iface = interfaceOf(s, BLOCK.simplePacket, 0);
  const originalLength = u32(b, at + 8, s.littleEndian);
  // A Simple Packet Block stores the packet cut to the first interface's snap length (0: none).
  const snap = iface.snapLength;
  const capturedLength = snap > 0 && snap < originalLength ? snap : originalLength;
  checkFits(BLOCK.simplePacket, capturedLength, 12, length, s.queue.offset);
  const data = b.subarray(at + 12, at + 12 + capturedLength);
  // It has no timestamp: the frame gets the epoch, as Wireshark shows it.
  return makeFrame(s, 0, 0, originalLength, iface, 0, data);
}

/** The if_tsoffset value: a signed 64-bit count of seconds, refused past ±2^53. */
function timestampOffset(b: Uint8Array, at: number, le: boolean, offset: number): number {
  const value = new DataView(b.buffer, b.byteOffset + at, 8).getBigInt64(0, le);
  if (value > BigInt(Number.MAX_SAFE_INTEGER) || value < BigInt(-Number.MAX_SAFE_INTEGER)) {
    throw new CaptureFormatError(`Unsupported timestamp offset ${value} s`, offset);
  }
  return Number(value);
}

function interfaceOf(s: ParserState, type: number, id: number): CaptureInterface {
  const iface = s.interfaces[id];
  if (iface) return iface;
  const known = s.interfaces.length;
  throw new CaptureFormatError(
    `The ${blockName(type)} refers to interface ${id}, but the section defines ${known === 0 ? 'none' : `only ${known}`}`,
    s.queue.offset,
  );
}

function checkFits(
  type: number,
  captured: number,
  header: number,
  length: number,
  offset: number,
): void {
  if (header + captured + 4 > length) {
    throw new CaptureFormatError(
      `Captured length ${captured} does not fit in the ${blockName(type)} of ${length} bytes`,
      offset,
    );
  }
}
