/** Minimal BER (X.690) encoding and decoding for SNMP messages. */

export const TAG = {
  INTEGER: 0x02,
  OCTET_STRING: 0x04,
  NULL: 0x05,
  OID: 0x06,
  SEQUENCE: 0x30,
  GET_REQUEST: 0xa0,
  GET_RESPONSE: 0xa2,
} as const;

function length(n: number): Buffer {
  if (n < 0x80) return Buffer.from([n]);
  const bytes: number[] = [];
  for (let v = n; v > 0; v >>= 8) bytes.unshift(v & 0xff);
  return Buffer.from([0x80 | bytes.length, ...bytes]);
}

/** A tag-length-value element around content (or concatenated children). */
export function tlv(tag: number, ...content: Buffer[]): Buffer {
  const body = Buffer.concat(content);
  return Buffer.concat([Buffer.from([tag]), length(body.length), body]);
}

/** A non-negative INTEGER in the fewest bytes. */
export function integer(n: number): Buffer {
  const bytes: number[] = [];
  let v = n;
  do {
    bytes.unshift(v & 0xff);
    v = Math.floor(v / 256);
  } while (v > 0);
  if (bytes[0]! & 0x80) bytes.unshift(0);
  return tlv(TAG.INTEGER, Buffer.from(bytes));
}

/** An OBJECT IDENTIFIER from dotted text such as "1.3.6.1.2.1.1.1.0". */
export function oid(dotted: string): Buffer {
  const arcs = dotted.split('.').map(Number);
  const out = [40 * arcs[0]! + arcs[1]!];
  for (const arc of arcs.slice(2)) {
    const chunk = [arc & 0x7f];
    for (let v = arc >>> 7; v > 0; v >>>= 7) chunk.unshift(0x80 | (v & 0x7f));
    out.push(...chunk);
  }
  return tlv(TAG.OID, Buffer.from(out));
}

/** One decoded element: its tag and content bytes. */
export type Element = { tag: number; content: Buffer };

/** Splits a buffer into its top-level elements; null when lengths do not fit. */
export function children(data: Buffer): Element[] | null {
  const out: Element[] = [];
  let i = 0;
  while (i < data.length) {
    if (i + 2 > data.length || out.length > 64) return null;
    const tag = data[i]!;
    let len = data[i + 1]!;
    i += 2;
    if (len & 0x80) {
      const count = len & 0x7f;
      if (count === 0 || count > 3 || i + count > data.length) return null;
      len = data.readUIntBE(i, count);
      i += count;
    }
    if (i + len > data.length) return null;
    out.push({ tag, content: data.subarray(i, i + len) });
    i += len;
  }
  return out;
}

/** Reads an INTEGER element's value (up to 48 bits, signed). */
export function readInteger(e: Element | undefined): number | null {
  if (!e || e.tag !== TAG.INTEGER || e.content.length === 0 || e.content.length > 6) return null;
  return e.content.readIntBE(0, e.content.length);
}
