import { CaptureFormatError, type Frame } from '../types.ts';
import { hex32, u32 } from './bytes.ts';
import { BLOCK, blockName, PARSED_MIN_LENGTH } from './pcapng-codes.ts';
import { readInterface, readPacket, readSectionHeader } from './pcapng-parse.ts';
import type { ParserState } from './state.ts';

const BYTE_ORDER_MAGIC = 0x1a2b3c4d;
const BYTE_ORDER_MAGIC_SWAPPED = 0x4d3c2b1a;

/**
 * Reads the next pcapng block: a Frame for a packet block, false for any other block (read or
 * skipped), null while more bytes are needed.
 */
export function readPcapngBlock(s: ParserState): Frame | null | false {
  if (s.skip) return skipBlock(s);
  const q = s.queue;
  if (!q.ensure(8)) return null;
  const type = u32(q.buf, q.at, s.littleEndian);
  let le = s.littleEndian;
  if (type === BLOCK.sectionHeader) {
    // A new section may change the byte order; its type code reads the same either way.
    if (!q.ensure(12)) return null;
    le = sectionByteOrder(u32(q.buf, q.at + 8, false), q.offset);
  }
  const length = u32(q.buf, q.at + 4, le);
  checkLength(s, type, length);
  const minLength = PARSED_MIN_LENGTH[type];
  if (minLength === undefined) {
    s.skip = { type, start: q.offset, length, remaining: length - 4 };
    return skipBlock(s);
  }
  if (!q.ensure(length)) return null;
  const b = q.buf;
  const at = q.at;
  checkTrailer(type, length, u32(b, at + length - 4, le), q.offset);
  let frame: Frame | false = false;
  if (type === BLOCK.enhancedPacket || type === BLOCK.packet || type === BLOCK.simplePacket) {
    frame = readPacket(s, type, b, at, length);
  } else if (type === BLOCK.interfaceDescription) {
    readInterface(s, b, at, length);
  } else {
    readSectionHeader(s, le, b, at);
  }
  q.consume(length);
  return frame;
}

/** Call at the end of input: throws when the capture ends inside a block. */
export function checkPcapngEnd(s: ParserState): void {
  const q = s.queue;
  const n = q.available;
  if (s.skip) {
    const { type, start, length, remaining } = s.skip;
    const message = `Truncated ${blockName(type)}: ${length - 4 - remaining + n} of ${length} bytes`;
    throw new CaptureFormatError(message, start);
  }
  if (n === 0) return;
  if (n < 8) throw new CaptureFormatError(`Truncated block header: ${n} of 8 bytes`, q.offset);
  q.ensure(n);
  const type = u32(q.buf, q.at, s.littleEndian);
  if (type === BLOCK.sectionHeader && n < 12) {
    throw new CaptureFormatError(
      `Truncated section header block: ${n} of at least 28 bytes`,
      q.offset,
    );
  }
  const le =
    type === BLOCK.sectionHeader
      ? sectionByteOrder(u32(q.buf, q.at + 8, false), q.offset)
      : s.littleEndian;
  const message = `Truncated ${blockName(type)}: ${n} of ${u32(q.buf, q.at + 4, le)} bytes`;
  throw new CaptureFormatError(message, q.offset);
}

function sectionByteOrder(magic: number, offset: number): boolean {
  if (magic === BYTE_ORDER_MAGIC_SWAPPED) return true;
  if (magic === BYTE_ORDER_MAGIC) return false;
  throw new CaptureFormatError(
    `Invalid section header block: unknown byte-order magic ${hex32(magic)}`,
    offset,
  );
}

function checkLength(s: ParserState, type: number, length: number): void {
  const offset = s.queue.offset;
  const name = blockName(type);
  if (length < 12) {
    throw new CaptureFormatError(
      `Invalid ${name} length ${length}: a block has at least 12 bytes`,
      offset,
    );
  }
  if (length % 4 !== 0) {
    throw new CaptureFormatError(`Invalid ${name} length ${length}: not a multiple of 4`, offset);
  }
  const minLength = PARSED_MIN_LENGTH[type];
  if (minLength === undefined) return;
  if (length < minLength) {
    throw new CaptureFormatError(
      `Invalid ${name} length ${length}: at least ${minLength} bytes`,
      offset,
    );
  }
  if (length > s.maxRecordBytes) {
    throw new CaptureFormatError(
      `The ${name} is too large: ${length} bytes exceed the limit of ${s.maxRecordBytes} bytes`,
      offset,
    );
  }
}

function checkTrailer(type: number, length: number, trailer: number, offset: number): void {
  if (trailer !== length) {
    throw new CaptureFormatError(
      `Block length mismatch in the ${blockName(type)}: ${length} bytes at its start, ${trailer} at its end`,
      offset,
    );
  }
}

/** Drops a block's bytes as they arrive, so blocks of any size cost no memory. */
function skipBlock(s: ParserState): null | false {
  const q = s.queue;
  const skip = s.skip!;
  if (skip.remaining > 0) {
    skip.remaining -= q.consume(skip.remaining);
    if (skip.remaining > 0) return null;
  }
  if (!q.ensure(4)) return null;
  checkTrailer(skip.type, skip.length, u32(q.buf, q.at, s.littleEndian), skip.start);
  q.consume(4);
  s.skip = null;
  return false;
}
