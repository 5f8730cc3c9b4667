// Integer reads straight from the bytes: a DataView per record would be one more allocation on
// the hot path, and captures come in both byte orders.

/** Reads an unsigned 16-bit integer at `at`. */
export function u16(b: Uint8Array, at: number, le: boolean): number {
  return le ? b[at]! | (b[at + 1]! << 8) : (b[at]! << 8) | b[at + 1]!;
}

/** Reads an unsigned 32-bit integer at `at`. */
export function u32(b: Uint8Array, at: number, le: boolean): number {
  return le
    ? (b[at]! | (b[at + 1]! << 8) | (b[at + 2]! << 16) | (b[at + 3]! << 24)) >>> 0
    : ((b[at]! << 24) | (b[at + 1]! << 16) | (b[at + 2]! << 8) | b[at + 3]!) >>> 0;
}

/** `0x0a0d0d0a`-style hex of a 32-bit value, for error messages. */
export function hex32(value: number): string {
  return `0x${value.toString(16).padStart(8, '0')}`;
}
