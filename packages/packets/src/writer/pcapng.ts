import { BLOCK, OPTION } from '../reader/pcapng-codes.ts';
import type { Frame } from '../types.ts';

/** One pcapng option: its code and raw value (padding is added when encoded). */
export type PcapngOption = { code: number; value: Uint8Array };

const pad4 = (n: number) => (n + 3) & ~3;
const utf8 = new TextEncoder();

/** Wraps a body as a block: type, total length, body padded to 4 bytes, total length again. */
export function pcapngBlock(type: number, body: Uint8Array, littleEndian: boolean): Uint8Array {
  const length = 12 + pad4(body.length);
  const out = new Uint8Array(length);
  const view = new DataView(out.buffer);
  view.setUint32(0, type, littleEndian);
  view.setUint32(4, length, littleEndian);
  out.set(body, 8);
  view.setUint32(length - 4, length, littleEndian);
  return out;
}

/** Encodes options followed by opt_endofopt; no bytes at all when there are none. */
export function pcapngOptions(options: PcapngOption[], littleEndian: boolean): Uint8Array {
  if (options.length === 0) return new Uint8Array(0);
  const size = options.reduce((n, o) => n + 4 + pad4(o.value.length), 4);
  const out = new Uint8Array(size);
  const view = new DataView(out.buffer);
  let at = 0;
  for (const option of options) {
    view.setUint16(at, option.code, littleEndian);
    view.setUint16(at + 2, option.value.length, littleEndian);
    out.set(option.value, at + 4);
    at += 4 + pad4(option.value.length);
  }
  return out;
}

/** A Section Header Block (version 1.0, section length unknown). */
export function sectionHeaderBlock(
  littleEndian: boolean,
  options: PcapngOption[] = [],
): Uint8Array {
  const opts = pcapngOptions(options, littleEndian);
  const body = new Uint8Array(16 + opts.length);
  const view = new DataView(body.buffer);
  view.setUint32(0, 0x1a2b3c4d, littleEndian);
  view.setUint16(4, 1, littleEndian);
  view.setUint16(6, 0, littleEndian);
  view.setBigInt64(8, -1n, littleEndian);
  body.set(opts, 16);
  return pcapngBlock(BLOCK.sectionHeader, body, littleEndian);
}

/** An Interface Description Block. */
export function interfaceBlock(
  linkType: number,
  snapLength: number,
  options: PcapngOption[],
  littleEndian: boolean,
): Uint8Array {
  const opts = pcapngOptions(options, littleEndian);
  const body = new Uint8Array(8 + opts.length);
  const view = new DataView(body.buffer);
  view.setUint16(0, linkType, littleEndian);
  view.setUint32(4, snapLength, littleEndian);
  body.set(opts, 8);
  return pcapngBlock(BLOCK.interfaceDescription, body, littleEndian);
}

/** The if_name option. */
export function nameOption(name: string): PcapngOption {
  return { code: OPTION.interfaceName, value: utf8.encode(name) };
}

/** The if_tsresol option: `exponent` of 10 (or of 2 when `base2`) per second. */
export function tsresolOption(exponent: number, base2 = false): PcapngOption {
  return { code: OPTION.timestampResolution, value: Uint8Array.of((base2 ? 0x80 : 0) | exponent) };
}

/** The if_tsoffset option: `seconds` added to every timestamp of the interface. */
export function tsoffsetOption(seconds: number, littleEndian: boolean): PcapngOption {
  const value = new Uint8Array(8);
  new DataView(value.buffer).setBigInt64(0, BigInt(seconds), littleEndian);
  return { code: OPTION.timestampOffset, value };
}

/** The frame's time in `unitsPerSecond` ticks as the high and low 32 bits pcapng stores. */
export function timestampTicks(
  frame: Pick<Frame, 'seconds' | 'nanos'>,
  unitsPerSecond: number,
): { high: number; low: number } {
  const units = BigInt(unitsPerSecond);
  const ticks = BigInt(frame.seconds) * units + (BigInt(frame.nanos) * units) / 1_000_000_000n;
  return { high: Number(ticks >> 32n), low: Number(ticks & 0xffffffffn) };
}

/** An Enhanced Packet Block for the frame on interface `interfaceId`. */
export function enhancedPacketBlock(
  frame: Pick<Frame, 'seconds' | 'nanos' | 'originalLength' | 'data'>,
  interfaceId: number,
  unitsPerSecond: number,
  littleEndian: boolean,
): Uint8Array {
  const { data } = frame;
  const body = new Uint8Array(20 + data.length);
  const view = new DataView(body.buffer);
  const { high, low } = timestampTicks(frame, unitsPerSecond);
  view.setUint32(0, interfaceId, littleEndian);
  view.setUint32(4, high, littleEndian);
  view.setUint32(8, low, littleEndian);
  view.setUint32(12, data.length, littleEndian);
  view.setUint32(16, Math.max(frame.originalLength, data.length), littleEndian);
  body.set(data, 20);
  return pcapngBlock(BLOCK.enhancedPacket, body, littleEndian);
}
