import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { crc32, readZip, writeZip, ZipError } from './zip.ts';

const dir = mkdtempSync(join(tmpdir(), 'netguard-evidence-zip-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const ENTRIES = [
  { name: 'manifest.json', data: Buffer.from('{"a":1}'.repeat(50)) },
  { name: 'evidence/ev 1/résumé.txt', data: Buffer.from('naïve ✓\n') },
  {
    name: 'random.bin',
    data: Buffer.from(Array.from({ length: 300 }, (_, i) => (i * 7919) % 256)),
  },
  { name: 'empty', data: Buffer.alloc(0) },
];
const WHEN = new Date('2026-12-01T12:34:56Z');

describe('ZIP writer and reader', () => {
  it('computes the standard CRC-32', () => {
    expect(crc32(Buffer.from('123456789')).toString(16)).toBe('cbf43926');
  });

  it('round-trips entries, names in UTF-8', () => {
    expect(readZip(writeZip(ENTRIES, WHEN))).toEqual(ENTRIES);
  });

  it('writes what Info-ZIP unzip tests clean and extracts byte for byte', () => {
    const zip = join(dir, 'a.zip');
    writeFileSync(zip, writeZip(ENTRIES, WHEN));
    expect(execFileSync('unzip', ['-t', zip]).toString()).toContain('No errors detected');
    execFileSync('unzip', ['-q', zip, '-d', join(dir, 'out')]);
    for (const e of ENTRIES) expect(readFileSync(join(dir, 'out', e.name))).toEqual(e.data);
  });

  it('reads what Info-ZIP zip writes', () => {
    writeFileSync(join(dir, 'in.txt'), 'hello '.repeat(100));
    execFileSync('zip', ['-q', '-X', join(dir, 'b.zip'), 'in.txt'], { cwd: dir });
    expect(readZip(readFileSync(join(dir, 'b.zip')))).toEqual([
      { name: 'in.txt', data: Buffer.from('hello '.repeat(100)) },
    ]);
  });

  it('stops inflating at the declared size (a ZIP bomb)', () => {
    const zip = writeZip([{ name: 'zeros', data: Buffer.alloc(8 * 1024 * 1024) }], WHEN);
    const lie = Buffer.from(zip);
    const central = lie.indexOf(Buffer.from([0x50, 0x4b, 0x01, 0x02]));
    lie.writeUInt32LE(16, central + 24);
    expect(() => readZip(lie)).toThrow('zeros: it inflates past the 16 bytes it declares');
  });

  it('names a truncated ZIP, a damaged entry and an unsafe name', () => {
    const zip = writeZip(ENTRIES, WHEN);
    for (const cut of [10, 100, zip.length - 30, zip.length - 1])
      expect(() => readZip(zip.subarray(0, cut)), `cut at ${cut}`).toThrow(ZipError);
    expect(() => readZip(zip.subarray(0, zip.length - 1))).toThrow(/truncated/);
    const damaged = Buffer.from(zip);
    damaged[30 + 'manifest.json'.length + 3]! ^= 0xff;
    expect(() => readZip(damaged)).toThrow(
      /manifest\.json: its (CRC-32 or size does not match|compressed data is damaged)/,
    );
    expect(() => readZip(writeZip([{ name: '../evil', data: Buffer.from('x') }], WHEN))).toThrow(
      /unsafe entry name/,
    );
    expect(() => readZip(writeZip([ENTRIES[0]!, ENTRIES[0]!], WHEN))).toThrow(/appears twice/);
  });
});
