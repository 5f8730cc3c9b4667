import { describe, expect, it } from 'vitest';
import {
  bytes,
  ethernet,
  frameOf,
  ipv4,
  sll,
  sll2,
  tcp,
  u32,
  udp,
  vlanTag,
} from '../testing/frame-builder.ts';
import { fieldValue, fieldValues, layerNames } from '../testing/packet-fields.ts';
import { dissectFrame } from './index.ts';

const A = '02:00:00:00:00:0a';
const B = '02:00:00:00:00:0b';
const datagram = ipv4('10.0.0.1', '10.0.0.2', 17, udp(40000, 9999, 'abcd'));

describe('link layers', () => {
  it('reads Ethernet II up to UDP with the IP addresses as columns', () => {
    const packet = dissectFrame(frameOf(ethernet(B, A, 0x0800, datagram)));
    expect(layerNames(packet)).toEqual(['frame', 'eth', 'ip', 'udp', 'data']);
    expect([packet.source, packet.destination, packet.protocol, packet.info]).toEqual([
      '10.0.0.1',
      '10.0.0.2',
      'UDP',
      '40000 → 9999 Len=4',
    ]);
    expect(packet.layers[1]!.summary).toBe(`Ethernet II, Src: ${A}, Dst: ${B}`);
    expect(fieldValue(packet, 'frame.protocols')).toBe('eth:ip:udp:data');
  });

  it('reads an 802.1Q tag and nested Q-in-Q tags', () => {
    const single = dissectFrame(frameOf(ethernet(B, A, 0x8100, vlanTag(3, 100, 0x0800, datagram))));
    expect(layerNames(single)).toEqual(['frame', 'eth', 'vlan', 'ip', 'udp', 'data']);
    expect(fieldValue(single, 'vlan.id')).toBe(100);
    expect(fieldValue(single, 'vlan.priority')).toBe(3);
    expect(single.protocol).toBe('UDP');
    const qinq = dissectFrame(
      frameOf(ethernet(B, A, 0x88a8, vlanTag(0, 200, 0x8100, vlanTag(0, 100, 0x0800, datagram)))),
    );
    expect(fieldValues(qinq, 'vlan.id')).toEqual([200, 100]);
    expect(qinq.layers[2]!.summary).toBe('802.1Q Virtual LAN, PRI: 0, DEI: 0, ID: 200');
    expect(qinq.source).toBe('10.0.0.1');
  });

  it('reads Linux cooked v1 and v2, with packet type 4 as outgoing', () => {
    const v1 = dissectFrame(frameOf(sll(4, A, 0x0800, datagram), 113));
    expect(layerNames(v1)).toEqual(['frame', 'sll', 'ip', 'udp', 'data']);
    expect(v1.type).toBe('outgoing');
    expect(fieldValue(v1, 'sll.pkttype')).toBe('Sent by us');
    const v2 = dissectFrame(frameOf(sll2(0, 7, A, 0x0800, datagram), 276));
    expect(layerNames(v2)).toEqual(['frame', 'sll', 'ip', 'udp', 'data']);
    expect(v2.type).toBe('incoming');
    expect(fieldValue(v2, 'sll.ifindex')).toBe(7);
    expect(fieldValue(v2, 'sll.src.eth')).toBe(A);
    expect(v2.layers[1]!.summary).toBe('Linux cooked capture v2');
  });

  it('marks packets from a local address as outgoing', () => {
    const frame = frameOf(ethernet(B, A, 0x0800, datagram));
    expect(dissectFrame(frame, { localAddresses: new Set(['10.0.0.1']) }).type).toBe('outgoing');
    expect(dissectFrame(frame, { localAddresses: new Set(['10.0.0.2']) }).type).toBe('incoming');
  });

  it('reads BSD loopback in either byte order and raw IP', () => {
    const little = dissectFrame(frameOf(bytes([2, 0, 0, 0], datagram), 0));
    const big = dissectFrame(frameOf(bytes(u32(2), datagram), 0));
    const loop = dissectFrame(frameOf(bytes(u32(2), datagram), 108));
    for (const packet of [little, big, loop]) {
      expect(layerNames(packet)).toEqual(['frame', 'null', 'ip', 'udp', 'data']);
      expect(packet.protocol).toBe('UDP');
    }
    for (const linkType of [101, 12, 228])
      expect(dissectFrame(frameOf(datagram, linkType)).protocol).toBe('UDP');
  });

  it('names unknown EtherTypes and link types instead of failing', () => {
    const experimental = dissectFrame(frameOf(ethernet(B, A, 0x88b5, bytes('hello'))));
    expect([experimental.protocol, experimental.info, experimental.source]).toEqual([
      '0x88b5',
      'Ethertype 0x88b5',
      A,
    ]);
    const unknown = dissectFrame(frameOf(bytes([1, 2, 3]), 147));
    expect(unknown.protocol).toBe('LINKTYPE 147');
  });

  it('puts the frame bytes in payload as hex, up to the limit, or leaves it empty', () => {
    const frame = frameOf(
      ethernet(B, A, 0x0800, ipv4('10.0.0.1', '10.0.0.2', 6, tcp(1, 2, { flags: 0x02 }))),
    );
    expect(dissectFrame(frame).payload).toBe(Buffer.from(frame.data).toString('hex'));
    expect(dissectFrame(frame, { maxPayloadBytes: 4 }).payload).toBe('02000000');
    expect(dissectFrame(frame, { includePayload: false }).payload).toBe('');
  });

  it('gives the time as epoch seconds and ISO 8601 with microseconds', () => {
    const packet = dissectFrame(frameOf(ethernet(B, A, 0x0800, datagram), 1, 3));
    expect(packet.time).toBe(1_700_000_003.25);
    expect(packet.timestamp).toBe('2023-11-14T22:13:23.250000Z');
    expect(packet.id).toBe(3);
  });
});
