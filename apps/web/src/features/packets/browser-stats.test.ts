import { describe, expect, it } from 'vitest';
import { computePacketStats } from '@/features/packets/browser-stats';
import { testPacket } from '@/features/packets/test-packets';

const T0 = 1_700_000_000;

describe('computePacketStats', () => {
  const packets = [
    testPacket({
      time: T0,
      source: '10.0.0.1',
      destination: '10.0.0.2',
      protocol: 'DNS',
      length: 80,
    }),
    testPacket({
      time: T0 + 0.4,
      source: '10.0.0.2',
      destination: '10.0.0.1',
      protocol: 'DNS',
      length: 120,
    }),
    testPacket({
      time: T0 + 2.1,
      source: '10.0.0.1',
      destination: '10.0.0.3',
      protocol: 'HTTP',
      length: 500,
    }),
  ];
  const stats = computePacketStats(packets);

  it('counts packets, bytes and the capture span', () => {
    expect(stats.packets).toBe(3);
    expect(stats.bytes).toBe(700);
    expect(stats.first_time).toBe(T0);
    expect(stats.last_time).toBe(T0 + 2.1);
  });

  it('ranks protocols and hosts by packets, conversations by bytes (both directions are one pair)', () => {
    expect(stats.protocols).toEqual([
      { protocol: 'DNS', packets: 2, bytes: 200 },
      { protocol: 'HTTP', packets: 1, bytes: 500 },
    ]);
    expect(stats.top_hosts[0]).toEqual({ host: '10.0.0.1', packets: 3, bytes: 700 });
    expect(stats.conversations).toEqual([
      { a: '10.0.0.1', b: '10.0.0.3', packets: 1, bytes: 500 },
      { a: '10.0.0.1', b: '10.0.0.2', packets: 2, bytes: 200 },
    ]);
  });

  it('lists packets per wall-clock second since the first, with empty seconds as 0', () => {
    const split = computePacketStats([
      testPacket({ time: T0 + 0.9 }),
      testPacket({ time: T0 + 1.1 }),
    ]);
    expect(split.per_second).toEqual([
      { second: 0, packets: 1 },
      { second: 1, packets: 1 },
    ]);
    expect(stats.per_second).toEqual([
      { second: 0, packets: 2 },
      { second: 1, packets: 0 },
      { second: 2, packets: 1 },
    ]);
  });

  it('keeps the top 5 hosts only', () => {
    const many = Array.from({ length: 8 }, (_, i) =>
      testPacket({ source: `10.0.1.${i}`, destination: '10.0.0.9' }),
    );
    expect(computePacketStats(many).top_hosts).toHaveLength(5);
  });

  it('is empty for no packets', () => {
    const empty = computePacketStats([]);
    expect(empty).toMatchObject({ packets: 0, bytes: 0, first_time: null, per_second: [] });
  });
});
