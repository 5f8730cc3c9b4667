/** A decoded BSON value (the subset the probes need). */
export type BsonValue = string | number | boolean | null | BsonDoc | BsonValue[];
export type BsonDoc = { [key: string]: BsonValue };

/** Encodes a flat document of strings and int32 numbers, enough for a command. */
export function encodeBson(doc: Record<string, string | number>): Buffer {
  const parts: Buffer[] = [];
  for (const [key, value] of Object.entries(doc)) {
    const name = Buffer.from(`${key}\0`, 'utf8');
    if (typeof value === 'number') {
      const n = Buffer.alloc(4);
      n.writeInt32LE(value);
      parts.push(Buffer.from([0x10]), name, n);
    } else {
      const s = Buffer.from(`${value}\0`, 'utf8');
      const len = Buffer.alloc(4);
      len.writeInt32LE(s.length);
      parts.push(Buffer.from([0x02]), name, len, s);
    }
  }
  const body = Buffer.concat([...parts, Buffer.from([0])]);
  const size = Buffer.alloc(4);
  size.writeInt32LE(body.length + 4);
  return Buffer.concat([size, body]);
}

/** Decodes a BSON document; unknown element types end decoding of that document. */
export function decodeBson(buf: Buffer, offset = 0): BsonDoc {
  const doc: BsonDoc = {};
  const end = offset + buf.readInt32LE(offset);
  let i = offset + 4;
  while (i < end - 1) {
    const type = buf[i++]!;
    const nameEnd = buf.indexOf(0, i);
    const key = buf.toString('utf8', i, nameEnd);
    i = nameEnd + 1;
    const element = readElement(buf, type, i);
    if (!element) break;
    doc[key] = element.value;
    i += element.size;
  }
  return doc;
}

function readElement(
  buf: Buffer,
  type: number,
  i: number,
): { value: BsonValue; size: number } | null {
  switch (type) {
    case 0x01:
      return { value: buf.readDoubleLE(i), size: 8 };
    case 0x02: {
      const len = buf.readInt32LE(i);
      return { value: buf.toString('utf8', i + 4, i + 3 + len), size: 4 + len };
    }
    case 0x03:
    case 0x04: {
      const sub = decodeBson(buf, i);
      return { value: type === 0x04 ? Object.values(sub) : sub, size: buf.readInt32LE(i) };
    }
    case 0x08:
      return { value: buf[i] === 1, size: 1 };
    case 0x10:
      return { value: buf.readInt32LE(i), size: 4 };
    case 0x09:
    case 0x12:
      return { value: Number(buf.readBigInt64LE(i)), size: 8 };
    case 0x07:
      return { value: buf.toString('hex', i, i + 12), size: 12 };
    case 0x0a:
      return { value: null, size: 0 };
    default:
      return null;
  }
}
