import { describe, expect, it } from 'vitest';
import {
  bytes,
  ethernet,
  frameOf,
  icmp,
  ipv4,
  ipv4Bytes,
  ipv6,
  ipv6Bytes,
  mac,
  u16,
  u32,
  udp,
} from '../testing/frame-builder.ts';
import { fieldValue, fieldValues, layerNames } from '../testing/packet-fields.ts';
import { createDissectContext, dissectFrame } from './index.ts';

const A = '02:00:00:00:00:0a';
const B = '02:00:00:00:00:0b';
const BROADCAST = 'ff:ff:ff:ff:ff:ff';
const eth4 = (payload: Uint8Array) => frameOf(ethernet(B, A, 0x0800, payload));
const eth6 = (payload: Uint8Array) => frameOf(ethernet(B, A, 0x86dd, payload));

function arp(op: number, senderMac: string, senderIp: string, targetMac: string, targetIp: string) {
  return bytes(
    u16(1),
    u16(0x0800),
    [6, 4],
    u16(op),
    mac(senderMac),
    ipv4Bytes(senderIp),
    mac(targetMac),
    ipv4Bytes(targetIp),
  );
}

describe('ARP', () => {
  it('shows requests, replies, probes and announcements like Wireshark, with MAC columns', () => {
    const request = dissectFrame(
      frameOf(
        ethernet(BROADCAST, A, 0x0806, arp(1, A, '127.0.0.1', '00:00:00:00:00:00', '127.0.0.2')),
      ),
    );
    expect([request.protocol, request.info, request.source, request.destination]).toEqual([
      'ARP',
      'Who has 127.0.0.2? Tell 127.0.0.1',
      A,
      BROADCAST,
    ]);
    expect(fieldValue(request, 'arp.opcode')).toBe(1);
    const reply = dissectFrame(
      frameOf(ethernet(A, B, 0x0806, arp(2, B, '127.0.0.2', A, '127.0.0.1'))),
    );
    expect(reply.info).toBe(`127.0.0.2 is at ${B}`);
    expect(fieldValue(reply, 'arp.src.proto_ipv4')).toBe('127.0.0.2');
    const probe = dissectFrame(
      frameOf(
        ethernet(BROADCAST, A, 0x0806, arp(1, A, '0.0.0.0', '00:00:00:00:00:00', '10.0.0.9')),
      ),
    );
    expect(probe.info).toBe('Who has 10.0.0.9? (ARP Probe)');
    const announce = dissectFrame(
      frameOf(
        ethernet(BROADCAST, A, 0x0806, arp(1, A, '10.0.0.9', '00:00:00:00:00:00', '10.0.0.9')),
      ),
    );
    expect(announce.info).toBe('ARP Announcement for 10.0.0.9');
  });

  it('marks a cut ARP packet malformed', () => {
    const packet = dissectFrame(
      frameOf(
        ethernet(BROADCAST, A, 0x0806, arp(1, A, '127.0.0.1', B, '127.0.0.2').subarray(0, 10)),
      ),
    );
    expect([packet.protocol, packet.info]).toEqual(['ARP', '[Malformed Packet]']);
    expect(layerNames(packet)).toContain('malformed');
  });
});

describe('IPv4', () => {
  const datagram = udp(1234, 9999, new Uint8Array(1472));

  it('shows fragments as Wireshark does; only the first carries the UDP fields', () => {
    const first = dissectFrame(
      eth4(
        ipv4('10.0.0.1', '10.0.0.2', 17, datagram.subarray(0, 1480), {
          id: 0x1c46,
          moreFragments: true,
        }),
      ),
    );
    expect([first.protocol, first.info]).toEqual([
      'IPv4',
      'Fragmented IP protocol (proto=UDP 17, off=0, ID=1c46)',
    ]);
    expect(fieldValue(first, 'udp.dstport')).toBe(9999);
    expect(layerNames(first)).toEqual(['frame', 'eth', 'ip', 'udp']);
    const later = dissectFrame(
      eth4(
        ipv4('10.0.0.1', '10.0.0.2', 17, new Uint8Array(20), { id: 0x1c46, fragmentOffset: 1480 }),
      ),
    );
    expect(later.info).toBe('Fragmented IP protocol (proto=UDP 17, off=1480, ID=1c46)');
    expect(layerNames(later)).toEqual(['frame', 'eth', 'ip']);
  });

  it('names protocols it does not dissect and marks bad headers malformed', () => {
    const gre = dissectFrame(eth4(ipv4('10.0.0.1', '10.0.0.2', 47, new Uint8Array(8))));
    expect([gre.protocol, gre.info]).toEqual(['IPv4', 'GRE (47)']);
    const short = dissectFrame(eth4(bytes([0x45, 0])));
    expect([short.protocol, short.info]).toEqual(['IPv4', '[Malformed Packet]']);
    const badLength = dissectFrame(
      eth4(ipv4('10.0.0.1', '10.0.0.2', 17, datagram, { totalLength: 12 })),
    );
    expect(badLength.info).toBe('[Malformed Packet]');
  });

  it('bounds the transport by the total length, not the Ethernet padding', () => {
    const padded = bytes(ipv4('10.0.0.1', '10.0.0.2', 17, udp(1, 2, 'ab')), new Uint8Array(12));
    const packet = dissectFrame(eth4(padded));
    expect(fieldValue(packet, 'data.len')).toBe(2);
  });
});

describe('ICMP', () => {
  const echo = (type: number) => icmp(type, 0, bytes(u16(1), u16(1), 'abcdefgh'));

  it('shows echo request and reply, pairing them with a context', () => {
    const context = createDissectContext();
    const request = dissectFrame(
      frameOf(ethernet(B, A, 0x0800, ipv4('127.0.0.1', '127.0.0.2', 1, echo(8))), 1, 1),
      { context },
    );
    const reply = dissectFrame(
      frameOf(ethernet(A, B, 0x0800, ipv4('127.0.0.2', '127.0.0.1', 1, echo(0))), 1, 2),
      { context },
    );
    expect(request.info).toBe('Echo (ping) request  id=0x0001, seq=1/256, ttl=64');
    expect(reply.info).toBe('Echo (ping) reply    id=0x0001, seq=1/256, ttl=64 (request in 1)');
    expect(
      dissectFrame(frameOf(ethernet(A, B, 0x0800, ipv4('127.0.0.2', '127.0.0.1', 1, echo(0)))))
        .info,
    ).not.toContain('request in');
  });

  it('names error types and codes and dissects the quoted datagram without changing the columns', () => {
    const quoted = ipv4('127.0.0.1', '127.0.0.9', 17, udp(5000, 9, 'x'));
    const packet = dissectFrame(
      eth4(ipv4('127.0.0.9', '127.0.0.1', 1, icmp(3, 3, bytes(u32(0), quoted)))),
    );
    expect([packet.protocol, packet.info, packet.source]).toEqual([
      'ICMP',
      'Destination unreachable (Port unreachable)',
      '127.0.0.9',
    ]);
    expect(layerNames(packet)).toEqual(['frame', 'eth', 'ip', 'icmp', 'ip', 'udp']);
    expect(fieldValues(packet, 'ip.src')).toEqual(['127.0.0.9', '127.0.0.1']);
    const ttl = dissectFrame(
      eth4(ipv4('10.0.0.254', '10.0.0.1', 1, icmp(11, 0, bytes(u32(0), quoted)))),
    );
    expect(ttl.info).toBe('Time-to-live exceeded (Time to live exceeded in transit)');
    const redirect = dissectFrame(
      eth4(ipv4('10.0.0.254', '10.0.0.1', 1, icmp(5, 1, bytes(ipv4Bytes('10.0.0.1'), quoted)))),
    );
    expect(redirect.info).toBe('Redirect             (Redirect for host)');
    const odd = dissectFrame(eth4(ipv4('10.0.0.254', '10.0.0.1', 1, icmp(3, 99, u32(0)))));
    expect(odd.info).toBe('Destination unreachable (Unknown code: 99)');
  });

  it('marks a message shorter than its header malformed', () => {
    const packet = dissectFrame(eth4(ipv4('127.0.0.2', '127.0.0.1', 1, bytes([8]))));
    expect([packet.protocol, packet.info]).toEqual(['ICMP', '[Malformed Packet]']);
  });
});

describe('IPv6 and ICMPv6', () => {
  const S = 'fe80::1';
  const T = 'fe80::2';

  it('shows neighbor solicitation and advertisement with their link-layer addresses', () => {
    const ns = icmp(135, 0, bytes(u32(0), ipv6Bytes(T), [1, 1], mac(A)));
    const solicitation = dissectFrame(eth6(ipv6(S, 'ff02::1:ff00:2', 58, ns, 255)));
    expect([
      solicitation.source,
      solicitation.destination,
      solicitation.protocol,
      solicitation.info,
    ]).toEqual([S, 'ff02::1:ff00:2', 'ICMPv6', `Neighbor Solicitation for ${T} from ${A}`]);
    expect(fieldValue(solicitation, 'icmpv6.nd.ns.target_address')).toBe(T);
    const na = icmp(136, 0, bytes([0x60, 0, 0, 0], ipv6Bytes(T), [2, 1], mac(B)));
    const advertisement = dissectFrame(eth6(ipv6(T, S, 58, na, 255)));
    expect(advertisement.info).toBe(`Neighbor Advertisement ${T} (sol, ovr) is at ${B}`);
  });

  it('shows echo with the hop limit and skips extension headers to reach UDP', () => {
    const echo = dissectFrame(
      eth6(ipv6('2001:db8::1', '2001:db8::2', 58, icmp(128, 0, bytes(u16(0x1234), u16(1), 'ab')))),
    );
    expect(echo.info).toBe('Echo (ping) request id=0x1234, seq=1, hop limit=64');
    const hopByHop = bytes([60, 0, 1, 4, 0, 0, 0, 0]);
    const destination = bytes([17, 0, 1, 4, 0, 0, 0, 0]);
    const packet = dissectFrame(
      eth6(
        ipv6('2001:db8::1', '2001:db8::2', 0, bytes(hopByHop, destination, udp(5000, 6000, 'hi'))),
      ),
    );
    expect([packet.protocol, packet.info]).toEqual(['UDP', '5000 → 6000 Len=2']);
    expect(fieldValues(packet, 'ipv6.ext')).toEqual([0, 60]);
  });

  it('shows fragments; the first carries the transport fields', () => {
    const first = bytes([17, 0], u16(1), u32(0xabcd), udp(5000, 6000, new Uint8Array(16)));
    const packet = dissectFrame(eth6(ipv6('2001:db8::1', '2001:db8::2', 44, first)));
    expect([packet.protocol, packet.info]).toEqual([
      'IPv6',
      'IPv6 fragment (off=0 more=y ident=0x0000abcd nxt=17)',
    ]);
    expect(fieldValue(packet, 'udp.srcport')).toBe(5000);
    const later = bytes([17, 0], u16(800), u32(0xabcd), new Uint8Array(16));
    expect(dissectFrame(eth6(ipv6('2001:db8::1', '2001:db8::2', 44, later))).info).toBe(
      'IPv6 fragment (off=800 more=n ident=0x0000abcd nxt=17)',
    );
  });

  it('dissects errors with their quoted packet and marks them malformed without one', () => {
    const quoted = ipv6('2001:db8::1', '2001:db8::2', 17, udp(5000, 53, 'q'));
    const unreachable = dissectFrame(
      eth6(ipv6('2001:db8::2', '2001:db8::1', 58, icmp(1, 4, bytes(u32(0), quoted)))),
    );
    expect(unreachable.info).toBe('Destination Unreachable (Port unreachable)');
    expect(layerNames(unreachable)).toEqual(['frame', 'eth', 'ipv6', 'icmpv6', 'ipv6', 'udp']);
    const bare = dissectFrame(eth6(ipv6('2001:db8::2', '2001:db8::1', 58, icmp(3, 0, u32(0)))));
    expect(bare.info).toBe('Time Exceeded (hop limit exceeded in transit)[Malformed Packet]');
  });

  it('prints addresses in RFC 5952 form, as the display filter compares them', () => {
    const packet = dissectFrame(eth6(ipv6('2001:db8:0:0:1:0:0:1', '::1', 17, udp(1, 2, ''))));
    expect([packet.source, packet.destination]).toEqual(['2001:db8::1:0:0:1', '::1']);
  });
});
