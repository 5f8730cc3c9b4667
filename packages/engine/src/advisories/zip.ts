import { inflateRawSync } from 'node:zlib';

const EOCD = 0x06054b50;
const ZIP64_LOCATOR = 0x07064b50;
const ZIP64_EOCD = 0x06064b50;
const CENTRAL = 0x02014b50;
const LOCAL = 0x04034b50;

/** True when the bytes start like a zip archive (local file header). */
export const isZip = (bytes: Buffer) => bytes.length >= 4 && bytes.readUInt32LE(0) === LOCAL;

function findEocd(zip: Buffer): number {
  // The end record is 22 bytes plus a comment of at most 65,535 bytes.
  for (let i = zip.length - 22; i >= Math.max(0, zip.length - 22 - 0xffff); i--)
    if (zip.readUInt32LE(i) === EOCD) return i;
  throw new Error('not a zip archive: no end of central directory');
}

function centralDirectory(zip: Buffer): { offset: number; count: number } {
  const eocd = findEocd(zip);
  let count = zip.readUInt16LE(eocd + 10);
  let offset = zip.readUInt32LE(eocd + 16);
  // Archives of more than 65,535 records (OSV's Debian and Ubuntu all.zip) use ZIP64 counts.
  const locator = eocd - 20;
  if (locator >= 0 && zip.readUInt32LE(locator) === ZIP64_LOCATOR) {
    const end64 = Number(zip.readBigUInt64LE(locator + 8));
    if (zip.readUInt32LE(end64) !== ZIP64_EOCD) throw new Error('broken ZIP64 end record');
    count = Number(zip.readBigUInt64LE(end64 + 32));
    offset = Number(zip.readBigUInt64LE(end64 + 48));
  }
  return { offset, count };
}

/**
 * The files of a zip archive (stored or deflated), read through its central directory, with
 * at most `maxBytes` unpacked in all; directories are left out. Entries and offsets past 4 GiB
 * (ZIP64 extra fields) are not read: such archives are over any feed size limit.
 * @example for (const f of unzip(readFileSync('all.zip'))) JSON.parse(f.data.toString())
 */
export function* unzip(
  zip: Buffer,
  maxBytes = 1024 * 1024 * 1024,
): Generator<{ name: string; data: Buffer }> {
  const { offset, count } = centralDirectory(zip);
  let at = offset;
  let total = 0;
  for (let n = 0; n < count; n++) {
    if (at + 46 > zip.length || zip.readUInt32LE(at) !== CENTRAL)
      throw new Error(`broken zip central directory at entry ${n + 1}`);
    const method = zip.readUInt16LE(at + 10);
    const size = zip.readUInt32LE(at + 20);
    const nameLength = zip.readUInt16LE(at + 28);
    const next = at + 46 + nameLength + zip.readUInt16LE(at + 30) + zip.readUInt16LE(at + 32);
    const local = zip.readUInt32LE(at + 42);
    const name = zip.toString('utf8', at + 46, at + 46 + nameLength);
    at = next;
    if (name.endsWith('/')) continue;
    if (zip.readUInt32LE(local) !== LOCAL) throw new Error(`broken zip entry ${name}`);
    const start = local + 30 + zip.readUInt16LE(local + 26) + zip.readUInt16LE(local + 28);
    const packed = zip.subarray(start, start + size);
    if (method !== 0 && method !== 8)
      throw new Error(`zip entry ${name} uses compression method ${method}`);
    const data = method === 0 ? packed : inflateRawSync(packed, { maxOutputLength: maxBytes });
    total += data.length;
    if (total > maxBytes) throw new Error(`zip archive unpacks to more than ${maxBytes} bytes`);
    yield { name, data };
  }
}
