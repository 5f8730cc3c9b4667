// Network-byte-order reads and address texts, on the dissection hot path: plain index reads and
// lookup tables, no DataView or regex per packet.
import { formatIpv6Groups } from '@netguard/contracts';

/** Big-endian unsigned 16-bit integer at `at`. */
export function be16(b: Uint8Array, at: number): number {
  return (b[at]! << 8) | b[at + 1]!;
}

/** Big-endian unsigned 32-bit integer at `at`. */
export function be32(b: Uint8Array, at: number): number {
  return ((b[at]! << 24) | (b[at + 1]! << 16) | (b[at + 2]! << 8) | b[at + 3]!) >>> 0;
}

const HEX2 = Array.from({ length: 256 }, (_, i) => i.toString(16).padStart(2, '0'));

/** Two lower-case hex digits of a byte. */
export function hex8(value: number): string {
  return HEX2[value & 0xff]!;
}

/** `0x1a2b`-style hex with at least `digits` digits, as Wireshark prints ids. */
export function hexId(value: number, digits: number): string {
  return `0x${value.toString(16).padStart(digits, '0')}`;
}

/** Dotted IPv4 text of the 4 bytes at `at`. */
export function ipv4Text(b: Uint8Array, at: number): string {
  return `${b[at]}.${b[at + 1]}.${b[at + 2]}.${b[at + 3]}`;
}

/** RFC 5952 IPv6 text of the 16 bytes at `at` (the form the display filter compares). */
export function ipv6Text(b: Uint8Array, at: number): string {
  const groups = new Array<number>(8);
  for (let i = 0; i < 8; i++) groups[i] = be16(b, at + 2 * i);
  return formatIpv6Groups(groups);
}

/** Colon-separated MAC address text of the 6 bytes at `at`. */
export function macText(b: Uint8Array, at: number): string {
  return `${HEX2[b[at]!]}:${HEX2[b[at + 1]!]}:${HEX2[b[at + 2]!]}:${HEX2[b[at + 3]!]}:${HEX2[b[at + 4]!]}:${HEX2[b[at + 5]!]}`;
}

/** Latin-1 text of bytes [from, to): protocol lines are ASCII, and this never throws. */
export function latin1(b: Uint8Array, from: number, to: number): string {
  return Buffer.from(b.buffer, b.byteOffset + from, Math.max(0, to - from)).toString('latin1');
}

/** Index of the first CR or LF in [from, to), or -1. */
export function lineEnd(b: Uint8Array, from: number, to: number): number {
  for (let i = from; i < to; i++) if (b[i] === 13 || b[i] === 10) return i;
  return -1;
}

/** Whether the bytes at `at` spell `ascii` exactly. */
export function startsWithAscii(b: Uint8Array, at: number, end: number, ascii: string): boolean {
  if (end - at < ascii.length) return false;
  for (let i = 0; i < ascii.length; i++) if (b[at + i] !== ascii.charCodeAt(i)) return false;
  return true;
}

/** Lower-case hex of at most `max` bytes of the frame. */
export function frameHex(b: Uint8Array, max: number): string {
  return Buffer.from(b.buffer, b.byteOffset, Math.min(b.length, max)).toString('hex');
}
