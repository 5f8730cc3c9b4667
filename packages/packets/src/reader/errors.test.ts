import { describe, expect, it } from 'vitest';
import { pcapFile, pcapngFile, type SyntheticSection } from '../testing/synthetic-captures.ts';
import { readBytes } from '../testing/synthetic-chunks.ts';
import { sampleFrames } from '../testing/synthetic-files.ts';
import { CaptureFormatError } from '../types.ts';

const frames = sampleFrames(4);
const small = {
  ...frames[0]!,
  data: frames[0]!.data.subarray(0, 42),
  capturedLength: 42,
  originalLength: 42,
};

/** Reads `bytes` (in 5-byte chunks, so the errors do not depend on whole records) and returns the error. */
async function failure(bytes: Uint8Array, options = {}): Promise<CaptureFormatError> {
  try {
    await readBytes(bytes, () => 5, options);
  } catch (error) {
    expect(error).toBeInstanceOf(CaptureFormatError);
    return error as CaptureFormatError;
  }
  throw new Error('the capture was read without an error');
}

const patch32 = (bytes: Uint8Array, at: number, value: number, le = true) => {
  const copy = bytes.slice();
  new DataView(copy.buffer).setUint32(at, value, le);
  return copy;
};

describe('pcap errors name the problem and the byte offset', () => {
  const pcap = pcapFile([small, frames[1]!]);
  const cases: [string, Uint8Array, string][] = [
    [
      'an empty file',
      new Uint8Array(0),
      'Not a pcap or pcapng file: it is empty (at byte offset 0)',
    ],
    [
      'three bytes',
      Uint8Array.of(1, 2, 3),
      'Not a pcap or pcapng file: only 3 bytes (at byte offset 0)',
    ],
    [
      'a wrong magic',
      Uint8Array.of(0x12, 0x34, 0x56, 0x78, 0, 0, 0, 0),
      'Not a pcap or pcapng file: unknown magic 0x12345678 (at byte offset 0)',
    ],
    [
      'a cut file header',
      pcap.subarray(0, 10),
      'Truncated pcap file header: 10 of 24 bytes (at byte offset 0)',
    ],
    [
      'a cut record header',
      pcap.subarray(0, 24 + 7),
      'Truncated packet record header: 7 of 16 bytes (at byte offset 24)',
    ],
    [
      'a cut record',
      pcap.subarray(0, 24 + 16),
      'Truncated packet record: 16 of 58 bytes (at byte offset 24)',
    ],
    [
      'a cut second record',
      pcap.subarray(0, pcap.length - 1),
      `Truncated packet record: ${pcap.length - 83} of ${pcap.length - 82} bytes (at byte offset 82)`,
    ],
    [
      'an absurd captured length',
      patch32(pcap, 24 + 8, 0xfffffff0),
      'Packet record too large: captured length 4294967280 exceeds the limit of 266224 bytes (at byte offset 24)',
    ],
    [
      'version 3.4',
      patch32(pcap, 4, 0x00040003),
      'Unsupported pcap version 3.4 (at byte offset 0)',
    ],
  ];
  it.each(cases)('%s', async (_name, bytes, message) => {
    expect((await failure(bytes)).message).toBe(message);
  });

  it('refuses records larger than maxRecordBytes', async () => {
    const error = await failure(pcapFile([frames[1]!]), { maxRecordBytes: 100 });
    expect(error.message).toMatch(
      /^Packet record too large: captured length \d+ exceeds the limit of 84 bytes/,
    );
    expect(error.offset).toBe(24);
  });
});

describe('pcapng errors name the problem and the byte offset', () => {
  const section: SyntheticSection = {
    littleEndian: true,
    blocks: [
      { kind: 'interface', iface: { linkType: 1, name: 'eth0' } },
      { kind: 'names' },
      { kind: 'enhanced', interfaceId: 0, frame: frames[0]! },
      { kind: 'enhanced', interfaceId: 0, frame: frames[1]! },
    ],
  };
  const file = pcapngFile([section]);
  // Offsets of the blocks: section header, interface, names, packet, packet.
  const at: number[] = [0];
  while (at.at(-1)! < file.length)
    at.push(at.at(-1)! + new DataView(file.buffer).getUint32(at.at(-1)! + 4, true));
  const [, idb, nrb, epb, epb2] = at as [number, number, number, number, number];

  const cases: [string, Uint8Array, string][] = [
    [
      'a length not a multiple of 4',
      patch32(file, idb + 4, 22),
      `Invalid interface description block length 22: not a multiple of 4 (at byte offset ${idb})`,
    ],
    [
      'a length under 12',
      patch32(file, nrb + 4, 8),
      `Invalid name resolution block length 8: a block has at least 12 bytes (at byte offset ${nrb})`,
    ],
    [
      'a trailer that disagrees',
      patch32(file, epb2 - 4, 64),
      `Block length mismatch in the enhanced packet block: ${epb2 - epb} bytes at its start, 64 at its end (at byte offset ${epb})`,
    ],
    [
      'a skipped block whose trailer disagrees',
      patch32(file, epb - 4, 12),
      `Block length mismatch in the name resolution block: ${epb - nrb} bytes at its start, 12 at its end (at byte offset ${nrb})`,
    ],
    [
      'an unknown interface',
      patch32(file, epb + 8, 3),
      `The enhanced packet block refers to interface 3, but the section defines only 1 (at byte offset ${epb})`,
    ],
    [
      'a captured length past the block',
      patch32(file, epb + 20, 5000),
      `Captured length 5000 does not fit in the enhanced packet block of ${epb2 - epb} bytes (at byte offset ${epb})`,
    ],
    [
      'a bad byte-order magic',
      patch32(file, 8, 0x11223344),
      'Invalid section header block: unknown byte-order magic 0x44332211 (at byte offset 0)',
    ],
    ['version 2.0', patch32(file, 12, 2), 'Unsupported pcapng version 2.0 (at byte offset 0)'],
    [
      'a cut skipped block',
      file.subarray(0, nrb + 10),
      `Truncated name resolution block: 10 of ${epb - nrb} bytes (at byte offset ${nrb})`,
    ],
    [
      'a cut packet block',
      file.subarray(0, epb2 - 1),
      `Truncated enhanced packet block: ${epb2 - epb - 1} of ${epb2 - epb} bytes (at byte offset ${epb})`,
    ],
    [
      'a cut block header',
      file.subarray(0, epb2 + 5),
      `Truncated block header: 5 of 8 bytes (at byte offset ${epb2})`,
    ],
    [
      'a packet block before any interface',
      pcapngFile([{ littleEndian: true, blocks: section.blocks.slice(2) }]),
      `The enhanced packet block refers to interface 0, but the section defines none (at byte offset ${idb})`,
    ],
    [
      'an option running past the block',
      patch32(file, idb + 16, 0x00ff0002),
      `Invalid option 2 in the interface description block: its 255 bytes run past the block (at byte offset ${idb})`,
    ],
  ];
  it.each(cases)('%s', async (_name, bytes, message) => {
    expect((await failure(bytes)).message).toBe(message);
  });

  it('refuses blocks larger than maxRecordBytes but skips large blocks it does not parse', async () => {
    const error = await failure(file, { maxRecordBytes: 64 });
    expect(error.message).toBe(
      `The enhanced packet block is too large: ${epb2 - epb} bytes exceed the limit of 64 bytes (at byte offset ${epb})`,
    );
    // The ~200-byte secrets block is over the limit, the 76-byte packet block is not.
    const blocks: SyntheticSection['blocks'] = [
      { kind: 'interface', iface: { linkType: 1 } },
      { kind: 'secrets' },
      { kind: 'enhanced', interfaceId: 0, frame: small },
    ];
    const withSecrets = pcapngFile([{ littleEndian: true, blocks }]);
    expect(await readBytes(withSecrets, () => 5, { maxRecordBytes: 150 })).toHaveLength(1);
  });

  it('refuses timestamp resolutions finer than 10^-18 s', async () => {
    const fine = pcapngFile([
      {
        littleEndian: true,
        blocks: [{ kind: 'interface', iface: { linkType: 1, tsresol: { exponent: 30 } } }],
      },
    ]);
    expect((await failure(fine)).message).toBe(
      `Unsupported timestamp resolution 10^-30 s (at byte offset ${idb})`,
    );
  });

  it('refuses a timestamp offset past 2^53 seconds', async () => {
    const far = pcapngFile([
      {
        littleEndian: false,
        blocks: [{ kind: 'interface', iface: { linkType: 1, tsoffset: -(2 ** 60) } }],
      },
    ]);
    expect((await failure(far)).message).toBe(
      `Unsupported timestamp offset ${-(2n ** 60n)} s (at byte offset ${idb})`,
    );
  });
});
