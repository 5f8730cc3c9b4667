import { describe, expect, it } from 'vitest';
import {
  createPacketStats,
  PACKET_STATS_MAX_KEYS,
  PACKET_STATS_MAX_SECONDS,
  summarisePackets,
} from './packet-stats.ts';
import type { TPacket } from './packets.ts';

let nextId = 1;
function packet(
  source: string,
  destination: string,
  protocol: string,
  length: number,
  time: number,
): TPacket {
  return {
    id: nextId++,
    time,
    timestamp: new Date(time * 1000).toISOString(),
    source,
    destination,
    protocol,
    length,
    info: '',
    payload: '',
    flags: [],
    type: 'incoming',
    layers: [],
    link_type: 1,
    captured_length: length,
  };
}

const T = 1_700_000_000.5;

describe('createPacketStats', () => {
  it('is empty before any packet', () => {
    expect(createPacketStats().result()).toEqual({
      packets: 0,
      bytes: 0,
      first_time: null,
      last_time: null,
      protocols: [],
      top_hosts: [],
      conversations: [],
      per_second: [],
    });
  });

  it('counts packets and bytes per protocol, most packets first', () => {
    const stats = createPacketStats();
    stats.add(packet('10.0.0.1', '10.0.0.2', 'TCP', 60, T));
    stats.add(packet('10.0.0.2', '10.0.0.1', 'DNS', 100, T));
    stats.add(packet('10.0.0.1', '10.0.0.2', 'TCP', 1500, T + 1));
    stats.add(packet('10.0.0.3', '10.0.0.1', 'DNS', 90, T + 1));
    stats.add(packet('10.0.0.3', '10.0.0.1', 'HTTP', 400, T + 2));
    const result = stats.result();
    expect([result.packets, result.bytes]).toEqual([5, 2150]);
    expect(result.protocols).toEqual([
      { protocol: 'TCP', packets: 2, bytes: 1560 },
      { protocol: 'DNS', packets: 2, bytes: 190 },
      { protocol: 'HTTP', packets: 1, bytes: 400 },
    ]);
  });

  it('counts a host for what it sends and receives, once for a packet to itself, top N', () => {
    const stats = createPacketStats({ topHosts: 2 });
    stats.add(packet('10.0.0.1', '10.0.0.2', 'TCP', 60, T));
    stats.add(packet('10.0.0.3', '10.0.0.1', 'TCP', 60, T));
    stats.add(packet('127.0.0.1', '127.0.0.1', 'TCP', 60, T));
    stats.add(packet('10.0.0.4', '10.0.0.3', 'TCP', 60, T));
    stats.add(packet('10.0.0.1', '10.0.0.4', 'TCP', 60, T));
    expect(stats.result().top_hosts).toEqual([
      { host: '10.0.0.1', packets: 3, bytes: 180 },
      { host: '10.0.0.3', packets: 2, bytes: 120 },
    ]);
    const all = createPacketStats();
    all.add(packet('127.0.0.1', '127.0.0.1', 'TCP', 60, T));
    expect(all.result().top_hosts).toEqual([{ host: '127.0.0.1', packets: 1, bytes: 60 }]);
  });

  it('joins both directions of a conversation and ranks conversations by bytes', () => {
    const stats = createPacketStats({ conversations: 2 });
    stats.add(packet('10.0.0.1', '10.0.0.2', 'TCP', 100, T));
    stats.add(packet('10.0.0.2', '10.0.0.1', 'TCP', 100, T));
    stats.add(packet('10.0.0.3', '10.0.0.1', 'UDP', 50, T));
    stats.add(packet('10.0.0.9', '10.0.0.8', 'UDP', 500, T));
    stats.add(packet('02:00:00:00:00:01', '', 'ARP', 42, T));
    expect(stats.result().conversations).toEqual([
      { a: '10.0.0.8', b: '10.0.0.9', packets: 1, bytes: 500 },
      { a: '10.0.0.1', b: '10.0.0.2', packets: 2, bytes: 200 },
    ]);
  });

  it('counts packets per whole second after the first packet, and the time span', () => {
    const stats = createPacketStats();
    for (const offset of [0, 0.2, 0.49, 0.6, 2.1, 2.2])
      stats.add(packet('a', 'b', 'TCP', 60, T + offset));
    const result = stats.result();
    expect(result.per_second).toEqual([
      { second: 0, packets: 3 },
      { second: 1, packets: 1 },
      { second: 2, packets: 2 },
    ]);
    expect(result.first_time).toBe(T);
    expect(result.last_time).toBe(T + 2.2);
  });

  it('bounds the distinct hosts and pairs it keeps, counting later new ones as (other)', () => {
    const stats = createPacketStats({ topHosts: 3, conversations: 2 });
    // One busy pair, then a sweep touching twice as many hosts as the maps may hold.
    for (let i = 0; i < 5; i++) stats.add(packet('10.9.9.9', '10.9.9.8', 'TCP', 1000, T));
    for (let i = 0; i < PACKET_STATS_MAX_KEYS * 2; i++)
      stats.add(packet('10.9.9.9', `host-${i}`, 'TCP', 1, T));
    const result = stats.result();
    expect(result.packets).toBe(5 + PACKET_STATS_MAX_KEYS * 2);
    expect(result.top_hosts.map((h) => h.host)).toEqual(['10.9.9.9', '(other)', '10.9.9.8']);
    expect(result.top_hosts[1]?.packets).toBe(
      PACKET_STATS_MAX_KEYS * 2 - (PACKET_STATS_MAX_KEYS - 2),
    );
    expect(result.conversations.map((c) => [c.a, c.bytes])).toEqual([
      ['(other)', PACKET_STATS_MAX_KEYS * 2 - (PACKET_STATS_MAX_KEYS - 1)],
      ['10.9.9.8', 5000],
    ]);
  });

  it('keeps per_second to the first day of seconds with packets', () => {
    const stats = createPacketStats();
    for (let s = 0; s < PACKET_STATS_MAX_SECONDS + 10; s++)
      stats.add(packet('a', 'b', 'TCP', 60, T + s));
    const result = stats.result();
    expect(result.per_second).toHaveLength(PACKET_STATS_MAX_SECONDS);
    expect(result.packets).toBe(PACKET_STATS_MAX_SECONDS + 10);
  });

  it('summarises a list of packets as the running statistics do', () => {
    const list = [packet('a', 'b', 'DNS', 80, T), packet('b', 'a', 'DNS', 120, T + 1.5)];
    const stats = createPacketStats();
    for (const p of list) stats.add(p);
    expect(summarisePackets(list)).toEqual(stats.result());
  });
});
