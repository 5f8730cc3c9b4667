import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Installed, packAndInstall } from '../../../scripts/testing/packed.ts';
import { ethernet, ipv4, tcp } from './testing/frame-builder.ts';
import { encodePcapHeader, encodePcapRecord } from './writer/index.ts';

let pkg: Installed;

beforeAll(async () => {
  pkg = await packAndInstall('packets');
}, 120_000);

afterAll(() => pkg?.remove());

describe('the packed packets package', () => {
  it('installs from its tarball alone and reads a capture through its installed bin', async () => {
    expect(await pkg.installed()).toEqual(['@netguard/packets']);
    const A = '02:00:00:00:00:0a';
    const frames = [0x02, 0x12, 0x10].map((flags, i) =>
      ethernet(A, A, 0x0800, ipv4('127.0.0.1', '127.0.0.2', 6, tcp(40000 + i, 80, { flags }))),
    );
    const file = join(pkg.dir, 'three.pcap');
    const records = frames.map((data, i) =>
      encodePcapRecord(
        { seconds: 1_700_000_000 + i, nanos: 0, originalLength: data.length, data },
        true,
      ),
    );
    await writeFile(file, Buffer.concat([encodePcapHeader(1, { nanosecond: true }), ...records]));
    const { stdout } = await pkg.bin('netguard-packets', [
      'count',
      file,
      '-Y',
      'tcp.dstport == 80',
    ]);
    expect(stdout.trim().split('\n').at(-1)).toBe('3');
    const out = await pkg.script(
      `import { readCaptureFile } from '@netguard/packets'; let n = 0; for await (const f of readCaptureFile(${JSON.stringify(file)}).frames()) n++; console.log(n);`,
    );
    expect(out.trim()).toBe('3');
  }, 30_000);
});
