import { PACKET_LIMITS, ZPacketExportRequest } from '@netguard/contracts';
import { describe, expect, it } from 'vitest';
import { appendCapped, liveExportRequest } from '@/features/packets/live-buffer';
import { testPacket } from '@/features/packets/test-packets';

const numbered = (from: number, count: number) =>
  Array.from({ length: count }, (_, i) => testPacket({ id: from + i }));

describe('appendCapped', () => {
  it('keeps at most 1000 live packets, dropping the oldest', () => {
    let held = appendCapped([], numbered(1, 600));
    held = appendCapped(held, numbered(601, 600));
    expect(held).toHaveLength(PACKET_LIMITS.maxLivePackets);
    expect(held[0]?.id).toBe(201);
    expect(held.at(-1)?.id).toBe(1200);
  });

  it('keeps only the newest of a batch larger than the cap', () => {
    const held = appendCapped(numbered(1, 5), numbered(6, 20), 10);
    expect(held.map((p) => p.id)).toEqual(numbered(16, 10).map((p) => p.id));
  });

  it('returns a new array while under the cap', () => {
    const before = numbered(1, 3);
    const after = appendCapped(before, numbered(4, 2));
    expect(after).not.toBe(before);
    expect(after.map((p) => p.id)).toEqual([1, 2, 3, 4, 5]);
  });
});

describe('liveExportRequest', () => {
  it('sends time, length and frame bytes of each packet, valid for the API', () => {
    const packets = [
      testPacket({ time: 10.5, length: 74, payload: 'aabb' }),
      testPacket({ time: 11, length: 66, payload: 'ccdd' }),
    ];
    const result = liveExportRequest(packets);
    expect(result?.skipped).toBe(0);
    expect(result?.request).toEqual({
      link_type: 1,
      packets: [
        { time: 10.5, length: 74, payload: 'aabb' },
        { time: 11, length: 66, payload: 'ccdd' },
      ],
    });
    expect(ZPacketExportRequest.safeParse(result?.request).success).toBe(true);
  });

  it('keeps the most common link type and counts the packets left out', () => {
    const packets = [
      testPacket({ link_type: 113 }),
      testPacket({ link_type: 1 }),
      testPacket({ link_type: 1 }),
    ];
    const result = liveExportRequest(packets);
    expect(result?.request.link_type).toBe(1);
    expect(result?.request.packets).toHaveLength(2);
    expect(result?.skipped).toBe(1);
  });

  it('has nothing to export without packets', () => {
    expect(liveExportRequest([])).toBeNull();
  });
});
