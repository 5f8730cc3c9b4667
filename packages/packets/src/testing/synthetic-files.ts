import type { Frame } from '../types.ts';
import {
  pcapngFile,
  type SyntheticInterface,
  type SyntheticSection,
} from './synthetic-captures.ts';
import { syntheticTraffic } from './synthetic-traffic.ts';

/** The first n synthetic Ethernet frames, as an array. */
export function sampleFrames(n: number, seed = 7): Frame[] {
  return [...syntheticTraffic(n, seed)];
}

/** A frame as another interface would have captured it: other link type, maybe cut to `cut` bytes. */
export function asInterfaceFrame(frame: Frame, linkType: number, cut?: number): Frame {
  // Raw IP (101) frames start at the IP header: drop the 14-byte Ethernet header.
  const data = linkType === 101 ? frame.data.subarray(14) : frame.data;
  const captured = cut === undefined ? data : data.subarray(0, cut);
  return {
    ...frame,
    linkType,
    data: captured,
    capturedLength: captured.length,
    originalLength: data.length,
  };
}

export const MIXED_INTERFACES: SyntheticInterface[] = [
  { linkType: 1, name: 'eth0', snapLength: 80 },
  { linkType: 101, name: 'tun0', tsresol: { exponent: 9 } },
  { linkType: 1, name: 'lo', tsresol: { exponent: 20, base2: true }, tsoffset: 3600 },
  { linkType: 1, tsresol: { exponent: 3 } },
];

/**
 * Two sections (little- then big-endian) using every block the reader handles: four interfaces
 * of two link types, resolutions and timestamp offsets (one declared mid-section), enhanced,
 * simple and obsolete packet blocks, and name, statistics, secrets and custom blocks to skip.
 * 12 packets.
 */
export function mixedSections(): SyntheticSection[] {
  const f = sampleFrames(12);
  const [eth0, tun0, lo, late] = MIXED_INTERFACES as [
    SyntheticInterface,
    SyntheticInterface,
    SyntheticInterface,
    SyntheticInterface,
  ];
  return [
    {
      littleEndian: true,
      blocks: [
        { kind: 'interface', iface: eth0 },
        { kind: 'interface', iface: tun0 },
        { kind: 'names' },
        { kind: 'enhanced', interfaceId: 0, frame: asInterfaceFrame(f[0]!, 1, 80) },
        { kind: 'enhanced', interfaceId: 1, frame: asInterfaceFrame(f[1]!, 101) },
        { kind: 'statistics' },
        { kind: 'simple', frame: asInterfaceFrame(f[2]!, 1, 80) },
        { kind: 'interface', iface: lo },
        { kind: 'obsolete', interfaceId: 2, frame: f[3]! },
        { kind: 'custom' },
        { kind: 'secrets' },
        { kind: 'enhanced', interfaceId: 2, frame: f[4]! },
        { kind: 'interface', iface: late },
        { kind: 'enhanced', interfaceId: 3, frame: f[5]! },
        { kind: 'enhanced', interfaceId: 1, frame: asInterfaceFrame(f[6]!, 101) },
      ],
    },
    {
      littleEndian: false,
      blocks: [
        {
          kind: 'interface',
          iface: { linkType: 1, name: 'eth1', tsresol: { exponent: 9 }, tsoffset: -7200 },
        },
        ...f.slice(7).map((frame) => ({ kind: 'enhanced' as const, interfaceId: 0, frame })),
      ],
    },
  ];
}

/** mixedSections() as a file. */
export function mixedPcapng(): Uint8Array {
  return pcapngFile(mixedSections());
}
