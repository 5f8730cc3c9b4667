// The slice of ASN.1 DER that RFC 3161 needs: encoding the request, walking the response.
// Tags are single-byte (all the structures here use low tag numbers).

export type Node = {
  tag: number;
  header: number;
  length: number;
  start: number;
  bytes: Buffer;
  content: Buffer;
};

export class DerError extends Error {
  override name = 'DerError';
}

function encodeLength(n: number): Buffer {
  if (n < 0x80) return Buffer.from([n]);
  const bytes: number[] = [];
  for (let v = n; v > 0; v = Math.floor(v / 256)) bytes.unshift(v & 0xff);
  return Buffer.from([0x80 | bytes.length, ...bytes]);
}

/** A DER TLV with the given tag and content. */
export function tlv(tag: number, content: Buffer): Buffer {
  return Buffer.concat([Buffer.from([tag]), encodeLength(content.length), content]);
}

export const sequence = (...items: Buffer[]) => tlv(0x30, Buffer.concat(items));
export const octetString = (b: Buffer) => tlv(0x04, b);
export const derNull = () => Buffer.from([0x05, 0x00]);
export const boolean = (v: boolean) => tlv(0x01, Buffer.from([v ? 0xff : 0x00]));

/** A non-negative INTEGER from its big-endian magnitude. */
export function integer(magnitude: Buffer): Buffer {
  let m = magnitude;
  while (m.length > 1 && m[0] === 0 && m[1]! < 0x80) m = m.subarray(1);
  return tlv(0x02, m[0]! >= 0x80 ? Buffer.concat([Buffer.from([0]), m]) : m);
}

/** An OBJECT IDENTIFIER from its dotted form. */
export function oid(dotted: string): Buffer {
  const [a, b, ...rest] = dotted.split('.').map(Number);
  const out = [a! * 40 + b!];
  for (const n of rest) {
    const groups: number[] = [];
    for (let v = n; ; v = Math.floor(v / 128)) {
      groups.unshift(v & 0x7f);
      if (v < 128) break;
    }
    out.push(...groups.map((g, i) => (i < groups.length - 1 ? g | 0x80 : g)));
  }
  return tlv(0x06, Buffer.from(out));
}

/** The dotted form of an OBJECT IDENTIFIER node. */
export function oidString(node: Node): string {
  const c = node.content;
  const parts = [Math.floor(c[0]! / 40), c[0]! % 40];
  let v = 0;
  for (const byte of c.subarray(1)) {
    v = v * 128 + (byte & 0x7f);
    if (!(byte & 0x80)) {
      parts.push(v);
      v = 0;
    }
  }
  return parts.join('.');
}

/** The TLV at `at` in `buf`. */
export function read(buf: Buffer, at = 0): Node {
  if (at + 2 > buf.length) throw new DerError('truncated DER');
  const tag = buf[at]!;
  let length = buf[at + 1]!;
  let header = 2;
  if (length & 0x80) {
    const n = length & 0x7f;
    if (n === 0 || n > 4 || at + 2 + n > buf.length) throw new DerError('bad DER length');
    length = 0;
    for (let i = 0; i < n; i++) length = length * 256 + buf[at + 2 + i]!;
    header += n;
  }
  if (at + header + length > buf.length) throw new DerError('truncated DER');
  const bytes = buf.subarray(at, at + header + length);
  return { tag, header, length, start: at, bytes, content: bytes.subarray(header) };
}

/** The TLVs inside a constructed node. */
export function children(node: Node): Node[] {
  const out: Node[] = [];
  for (let at = 0; at < node.content.length; ) {
    const child = read(node.content, at);
    out.push(child);
    at += child.header + child.length;
  }
  return out;
}

/** The child at `index`, or a DerError naming what was expected. */
export function child(node: Node, index: number, what: string): Node {
  const c = children(node)[index];
  if (!c) throw new DerError(`missing ${what}`);
  return c;
}
