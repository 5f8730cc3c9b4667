import { compilePacketFilter, ZPacket } from '@netguard/contracts';
import { describe, expect, it } from 'vitest';
import { aData, DNS_TYPE, encodeDns } from '../testing/dns-wire.ts';
import {
  bytes,
  ethernet,
  frameOf,
  icmp,
  ipv4,
  ipv6,
  sll2,
  tcp,
  u32,
  udp,
  vlanTag,
} from '../testing/frame-builder.ts';
import { createDissectContext, dissectFrame } from './index.ts';

const A = '02:00:00:00:00:0a';
const dns = encodeDns({
  id: 9,
  flags: 0x8180,
  questions: [{ name: 'a.test', type: 1 }],
  answers: [{ name: 'a.test', type: DNS_TYPE.A, data: aData('10.0.0.1') }],
});

// Valid frames of every layer the dissectors know; every prefix of each must still dissect.
const SAMPLES: [string, Uint8Array, number][] = [
  [
    'dns',
    ethernet(
      A,
      A,
      0x8100,
      vlanTag(0, 5, 0x0800, ipv4('10.0.0.1', '10.0.0.2', 17, udp(53, 4000, dns))),
    ),
    1,
  ],
  [
    'http',
    ethernet(
      A,
      A,
      0x0800,
      ipv4(
        '10.0.0.1',
        '10.0.0.2',
        6,
        tcp(80, 4000, { flags: 0x18 }, 'HTTP/1.1 200 OK\r\nContent-Type: text/plain\r\n\r\nhi'),
      ),
    ),
    1,
  ],
  [
    'tls',
    ethernet(
      A,
      A,
      0x0800,
      ipv4(
        '10.0.0.1',
        '10.0.0.2',
        6,
        tcp(443, 4000, { flags: 0x18 }, bytes([22, 3, 3, 0, 6, 2, 0, 0, 2, 3, 3])),
      ),
    ),
    1,
  ],
  [
    'icmp',
    ethernet(
      A,
      A,
      0x0800,
      ipv4(
        '10.0.0.1',
        '10.0.0.2',
        1,
        icmp(3, 3, bytes(u32(0), ipv4('10.0.0.2', '10.0.0.1', 17, udp(1, 2, 'x')))),
      ),
    ),
    1,
  ],
  [
    'icmpv6',
    sll2(
      4,
      1,
      A,
      0x86dd,
      ipv6(
        'fe80::1',
        'fe80::2',
        58,
        icmp(135, 0, bytes(u32(0), new Uint8Array(16), [1, 1, 2, 0, 0, 0, 0, 1])),
      ),
    ),
    276,
  ],
];

describe('robustness', () => {
  it.each(SAMPLES)(
    'dissects every truncation of a %s frame without throwing, into a valid packet',
    (_name, data, linkType) => {
      const context = createDissectContext();
      for (let length = 0; length <= data.length; length++) {
        const packet = dissectFrame(frameOf(data.subarray(0, length), linkType, length + 1), {
          context,
        });
        expect(ZPacket.safeParse(packet).success).toBe(true);
        const cut = dissectFrame(
          frameOf(data.subarray(0, length), linkType, length + 1, data.length),
        );
        expect(cut.info).not.toContain('[Malformed Packet]');
      }
    },
  );

  it('dissects random bytes on every link type without throwing', () => {
    let seed = 42;
    const random = () => {
      seed = (seed * 1103515245 + 12345) & 0x7fffffff;
      return seed;
    };
    const context = createDissectContext();
    for (let i = 0; i < 3000; i++) {
      const data = Uint8Array.from({ length: random() % 200 }, () => random() & 0xff);
      // Steer half of them into IPv4 so the transport and application dissectors see noise too.
      if (i % 2 && data.length > 34) data.set([0x08, 0x00, 0x45], 12);
      for (const linkType of [0, 1, 101, 113, 276])
        dissectFrame(frameOf(data, linkType, i + 1), { context });
    }
  });

  it('gives packets the display filter reads: layer fields named by their protocol', () => {
    const packet = dissectFrame(frameOf(SAMPLES[0]![1]));
    const filter = compilePacketFilter({
      filter: 'vlan.id == 5 && udp.srcport == 53 && dns.a == 10.0.0.1 && frame.len > 60',
    });
    expect(filter.ok && filter.match(packet)).toBe(true);
    const layers = SAMPLES.flatMap(
      ([, data, linkType]) => dissectFrame(frameOf(data, linkType)).layers,
    );
    expect(new Set(layers.map((l) => l.name)).size).toBeGreaterThanOrEqual(12);
    for (const layer of layers) {
      expect(compilePacketFilter({ filter: layer.name }).ok).toBe(true);
      for (const field of layer.fields)
        expect(field.name === layer.name || field.name.startsWith(`${layer.name}.`)).toBe(true);
    }
  });
});
