// Capture files in every variant the reader must understand (both byte orders, µs and ns pcap,
// pcapng with several sections, resolutions, SPB, obsolete packet blocks, blocks to skip), built
// from the writer's encoders so tests need no capture files checked in.
import { BLOCK } from '../reader/pcapng-codes.ts';
import type { Frame } from '../types.ts';
import {
  PCAP_HEADER_BYTES,
  PCAP_RECORD_HEADER_BYTES,
  writePcapHeader,
  writePcapRecord,
} from '../writer/pcap.ts';
import {
  enhancedPacketBlock,
  interfaceBlock,
  nameOption,
  type PcapngOption,
  pcapngBlock,
  sectionHeaderBlock,
  timestampTicks,
  tsoffsetOption,
  tsresolOption,
} from '../writer/pcapng.ts';

export type SyntheticInterface = {
  linkType: number;
  snapLength?: number;
  name?: string;
  /** if_tsresol: 10^-exponent s, or 2^-exponent s when base2. Absent: microseconds. */
  tsresol?: { exponent: number; base2?: boolean };
  /** if_tsoffset in seconds: the blocks store each frame's time minus it. */
  tsoffset?: number;
};

export type SyntheticBlock =
  | { kind: 'interface'; iface: SyntheticInterface }
  | { kind: 'enhanced'; interfaceId: number; frame: Frame }
  | { kind: 'simple'; frame: Frame }
  | { kind: 'obsolete'; interfaceId: number; frame: Frame }
  | { kind: 'names' | 'statistics' | 'secrets' | 'custom' };

export type SyntheticSection = { littleEndian: boolean; blocks: SyntheticBlock[] };

/** Timestamp units per second of an interface as the reader reports them. */
export function unitsPerSecond(iface: SyntheticInterface): number {
  if (!iface.tsresol) return 1e6;
  return iface.tsresol.base2 ? 2 ** iface.tsresol.exponent : 10 ** iface.tsresol.exponent;
}

/** A pcap file of the frames. */
export function pcapFile(
  frames: Frame[],
  options: {
    littleEndian?: boolean;
    nanosecond?: boolean;
    linkType?: number;
    snapLength?: number;
  } = {},
): Uint8Array {
  const { littleEndian = true, nanosecond = false, linkType = 1, snapLength = 262_144 } = options;
  const size = frames.reduce(
    (n, f) => n + PCAP_RECORD_HEADER_BYTES + f.data.length,
    PCAP_HEADER_BYTES,
  );
  const out = new Uint8Array(size);
  writePcapHeader(out, linkType, snapLength, nanosecond, littleEndian);
  let at = PCAP_HEADER_BYTES;
  for (const frame of frames) at = writePcapRecord(out, at, frame, nanosecond, littleEndian);
  return out;
}

/** A pcapng file of the sections, each starting with its Section Header Block. */
export function pcapngFile(sections: SyntheticSection[]): Uint8Array {
  const parts: Uint8Array[] = [];
  for (const { littleEndian: le, blocks } of sections) {
    parts.push(sectionHeaderBlock(le, [{ code: 1, value: new TextEncoder().encode('synthetic') }]));
    const interfaces: SyntheticInterface[] = [];
    for (const block of blocks) {
      if (block.kind === 'interface') interfaces.push(block.iface);
      parts.push(encodeBlock(block, interfaces, le));
    }
  }
  return concat(parts);
}

function encodeBlock(
  block: SyntheticBlock,
  interfaces: SyntheticInterface[],
  le: boolean,
): Uint8Array {
  switch (block.kind) {
    case 'interface': {
      const { iface } = block;
      const options: PcapngOption[] = [];
      if (iface.name) options.push(nameOption(iface.name));
      if (iface.tsresol) options.push(tsresolOption(iface.tsresol.exponent, iface.tsresol.base2));
      if (iface.tsoffset) options.push(tsoffsetOption(iface.tsoffset, le));
      return interfaceBlock(iface.linkType, iface.snapLength ?? 262_144, options, le);
    }
    case 'enhanced':
      return enhancedPacketBlock(
        stored(block.frame, interfaces[block.interfaceId]),
        block.interfaceId,
        unitsOf(interfaces, block.interfaceId),
        le,
      );
    case 'simple': {
      const body = new Uint8Array(4 + block.frame.data.length);
      new DataView(body.buffer).setUint32(0, block.frame.originalLength, le);
      body.set(block.frame.data, 4);
      return pcapngBlock(BLOCK.simplePacket, body, le);
    }
    case 'obsolete':
      return obsoletePacketBlock(
        stored(block.frame, interfaces[block.interfaceId]),
        block.interfaceId,
        unitsOf(interfaces, block.interfaceId),
        le,
      );
    default:
      return ignoredBlock(block.kind, le);
  }
}

/** The frame as its packet block stores it: its time less the interface's if_tsoffset. */
function stored(frame: Frame, iface: SyntheticInterface | undefined): Frame {
  return iface?.tsoffset ? { ...frame, seconds: frame.seconds - iface.tsoffset } : frame;
}

function unitsOf(interfaces: SyntheticInterface[], id: number): number {
  return interfaces[id] ? unitsPerSecond(interfaces[id]) : 1e6;
}

function obsoletePacketBlock(
  frame: Frame,
  interfaceId: number,
  units: number,
  le: boolean,
): Uint8Array {
  const body = new Uint8Array(20 + frame.data.length);
  const view = new DataView(body.buffer);
  const { high, low } = timestampTicks(frame, units);
  view.setUint16(0, interfaceId, le);
  view.setUint32(4, high, le);
  view.setUint32(8, low, le);
  view.setUint32(12, frame.data.length, le);
  view.setUint32(16, frame.originalLength, le);
  body.set(frame.data, 20);
  return pcapngBlock(BLOCK.packet, body, le);
}

/** Valid blocks the reader skips: a name record, interface statistics, TLS secrets, a custom block. */
function ignoredBlock(
  kind: 'names' | 'statistics' | 'secrets' | 'custom',
  le: boolean,
): Uint8Array {
  const body = new Uint8Array(64);
  const view = new DataView(body.buffer);
  if (kind === 'names') {
    // nrb_record_ipv4 for 192.0.2.1 "host.example", then nrb_record_end.
    const name = new TextEncoder().encode('host.example\0');
    view.setUint16(0, 1, le);
    view.setUint16(2, 4 + name.length, le);
    body.set([192, 0, 2, 1], 4);
    body.set(name, 8);
    return pcapngBlock(BLOCK.nameResolution, body.subarray(0, 8 + name.length + 3 + 4), le);
  }
  if (kind === 'statistics')
    return pcapngBlock(BLOCK.interfaceStatistics, body.subarray(0, 12), le);
  if (kind === 'secrets') {
    const secret = new TextEncoder().encode(
      `CLIENT_RANDOM ${'ab'.repeat(32)} ${'cd'.repeat(48)}\n`,
    );
    const secrets = new Uint8Array(8 + secret.length);
    new DataView(secrets.buffer).setUint32(0, 0x544c534b, le);
    new DataView(secrets.buffer).setUint32(4, secret.length, le);
    secrets.set(secret, 8);
    return pcapngBlock(BLOCK.decryptionSecrets, secrets, le);
  }
  view.setUint32(0, 32473, le); // the Private Enterprise Number reserved for examples
  return pcapngBlock(BLOCK.custom, body.subarray(0, 20), le);
}

/** Joins byte arrays. */
export function concat(parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
}
