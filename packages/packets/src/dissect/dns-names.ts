// DNS names with compression pointers, bounded: a pointer loop or an over-long name ends the
// read with Wireshark's marker text instead of spinning or throwing.

export const LOOPING_NAME = '<Name contains a pointer that loops>';
const MAX_POINTER_HOPS = 64;
const MAX_NAME_LENGTH = 255;

/** A name read at some offset; `next` is the offset after it in the record; null = truncated. */
export type ReadName = { name: string; next: number } | null;

/**
 * Reads the name at `at` in the message that starts at `message` and ends at `end`.
 * @example readDnsName(bytes, 12, 0, bytes.length) // { name: 'example.test', next: 26 }
 */
export function readDnsName(b: Uint8Array, at: number, message: number, end: number): ReadName {
  let name = '';
  let offset = at;
  let next = -1;
  let hops = 0;
  for (;;) {
    if (offset >= end) return null;
    const length = b[offset]!;
    if (length === 0) {
      if (next < 0) next = offset + 1;
      return { name: name === '' ? '<Root>' : name, next };
    }
    if ((length & 0xc0) === 0xc0) {
      if (offset + 1 >= end) return null;
      if (next < 0) next = offset + 2;
      if (++hops > MAX_POINTER_HOPS) return { name: LOOPING_NAME, next };
      offset = message + (((length & 0x3f) << 8) | b[offset + 1]!);
      continue;
    }
    if ((length & 0xc0) !== 0 || offset + 1 + length > end) return null;
    let label = '';
    for (let i = offset + 1; i <= offset + length; i++) label += String.fromCharCode(b[i]!);
    name = name === '' ? label : `${name}.${label}`;
    if (name.length > MAX_NAME_LENGTH) return null;
    offset += 1 + length;
  }
}
