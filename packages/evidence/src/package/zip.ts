// A small ZIP writer and reader (PKWARE APPNOTE: local headers, central directory, end record;
// deflate through node:zlib, no ZIP64), enough for evidence packages that `unzip` and every
// archive tool open. The reader checks sizes and CRC-32s and refuses unsafe names, so a truncated
// or damaged package is named as such instead of half-read.
import { deflateRawSync, inflateRawSync } from 'node:zlib';

export type ZipEntry = { name: string; data: Buffer };

export class ZipError extends Error {
  override name = 'ZipError';
}

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

/** CRC-32 (IEEE 802.3), as ZIP stores it. */
export function crc32(data: Uint8Array): number {
  let c = 0xffffffff;
  for (const b of data) c = CRC_TABLE[(c ^ b) & 0xff]! ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function dosTime(d: Date): { time: number; date: number } {
  return {
    time: (d.getUTCHours() << 11) | (d.getUTCMinutes() << 5) | (d.getUTCSeconds() >> 1),
    date: ((d.getUTCFullYear() - 1980) << 9) | ((d.getUTCMonth() + 1) << 5) | d.getUTCDate(),
  };
}

const UTF8_NAMES = 0x0800;

/** A ZIP of the entries in order, every entry dated `modified` (UTC), deflated when that is smaller. */
export function writeZip(entries: ZipEntry[], modified: Date): Buffer {
  const { time, date } = dosTime(modified);
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const e of entries) {
    const name = Buffer.from(e.name, 'utf8');
    const deflated = deflateRawSync(e.data);
    const [method, body] = deflated.length < e.data.length ? [8, deflated] : [0, e.data];
    const crc = crc32(e.data);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(UTF8_NAMES, 6);
    local.writeUInt16LE(method, 8);
    local.writeUInt16LE(time, 10);
    local.writeUInt16LE(date, 12);
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(body.length, 18);
    local.writeUInt32LE(e.data.length, 22);
    local.writeUInt16LE(name.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(0x0314, 4); // made by: Unix, spec 2.0
    local.copy(central, 6, 4, 28); // version needed .. name length, as in the local header
    central.writeUInt32LE((0o100644 << 16) >>> 0, 38);
    central.writeUInt32LE(offset, 42);
    locals.push(local, name, body);
    centrals.push(central, name);
    offset += 30 + name.length + body.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

function findEnd(zip: Buffer): number {
  for (let i = zip.length - 22; i >= Math.max(0, zip.length - 22 - 0xffff); i--)
    if (zip.readUInt32LE(i) === 0x06054b50) return i;
  throw new ZipError('no end of central directory: the ZIP is truncated or not a ZIP');
}

function checkName(name: string): void {
  if (!name || name.startsWith('/') || name.includes('\\') || name.split('/').includes('..'))
    throw new ZipError(`unsafe entry name ${JSON.stringify(name)}`);
}

function readEntry(zip: Buffer, at: number): { entry: ZipEntry; next: number } {
  if (at + 46 > zip.length || zip.readUInt32LE(at) !== 0x02014b50)
    throw new ZipError('the central directory is damaged');
  const method = zip.readUInt16LE(at + 10);
  const crc = zip.readUInt32LE(at + 16);
  const compressed = zip.readUInt32LE(at + 20);
  const size = zip.readUInt32LE(at + 24);
  const nameLength = zip.readUInt16LE(at + 28);
  const skip = nameLength + zip.readUInt16LE(at + 30) + zip.readUInt16LE(at + 32);
  const name = zip.subarray(at + 46, at + 46 + nameLength).toString('utf8');
  checkName(name);
  const local = zip.readUInt32LE(at + 42);
  if (local + 30 > zip.length || zip.readUInt32LE(local) !== 0x04034b50)
    throw new ZipError(`${name}: its local header is missing`);
  const start = local + 30 + zip.readUInt16LE(local + 26) + zip.readUInt16LE(local + 28);
  if (start + compressed > zip.length) throw new ZipError(`${name}: its data is truncated`);
  const body = zip.subarray(start, start + compressed);
  let data: Buffer;
  // Inflating stops at the size the directory declares, so a ZIP bomb cannot fill memory.
  try {
    data =
      method === 8
        ? inflateRawSync(body, { maxOutputLength: Math.max(1, size) })
        : method === 0
          ? Buffer.from(body)
          : Buffer.alloc(0);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ERR_BUFFER_TOO_LARGE')
      throw new ZipError(`${name}: it inflates past the ${size} bytes it declares`);
    throw new ZipError(`${name}: its compressed data is damaged`);
  }
  if (method !== 0 && method !== 8)
    throw new ZipError(`${name}: compression method ${method} is not supported`);
  if (data.length !== size || crc32(data) !== crc)
    throw new ZipError(`${name}: its CRC-32 or size does not match`);
  return { entry: { name, data }, next: at + 46 + skip };
}

/** The entries of a ZIP, each checked against its CRC-32; throws ZipError naming what is wrong. */
export function readZip(zip: Buffer): ZipEntry[] {
  if (zip.length < 22)
    throw new ZipError('no end of central directory: the ZIP is truncated or not a ZIP');
  const end = findEnd(zip);
  const count = zip.readUInt16LE(end + 10);
  const dirSize = zip.readUInt32LE(end + 12);
  let at = zip.readUInt32LE(end + 16);
  if (at + dirSize > end)
    throw new ZipError('the central directory lies outside the ZIP: it is truncated');
  const entries: ZipEntry[] = [];
  const names = new Set<string>();
  for (let i = 0; i < count; i++) {
    const { entry, next } = readEntry(zip, at);
    if (names.has(entry.name)) throw new ZipError(`${entry.name} appears twice`);
    names.add(entry.name);
    entries.push(entry);
    at = next;
  }
  return entries;
}
