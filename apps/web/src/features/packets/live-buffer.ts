import { PACKET_LIMITS, type TPacket, type TPacketExportRequest } from '@netguard/contracts';

/**
 * The held packets after a batch arrives: at most `max` (1000 by default), the oldest dropped.
 * Returns a new array so React sees the change.
 */
export function appendCapped(
  held: readonly TPacket[],
  batch: readonly TPacket[],
  max: number = PACKET_LIMITS.maxLivePackets,
): TPacket[] {
  if (batch.length >= max) return batch.slice(batch.length - max);
  const keep = Math.max(0, held.length + batch.length - max);
  return [...held.slice(keep), ...batch];
}

/**
 * The POST /api/packets/export body for held live packets. One pcap has one link type, so the
 * packets of the most common one go and the count of those left out is returned beside.
 */
export function liveExportRequest(packets: readonly TPacket[]): {
  request: TPacketExportRequest;
  skipped: number;
} | null {
  if (packets.length === 0) return null;
  const counts = new Map<number, number>();
  for (const p of packets) counts.set(p.link_type, (counts.get(p.link_type) ?? 0) + 1);
  const [linkType] = [...counts].sort((a, b) => b[1] - a[1])[0] as [number, number];
  const chosen = packets.filter((p) => p.link_type === linkType);
  return {
    request: {
      link_type: linkType,
      packets: chosen.map((p) => ({ time: p.time, length: p.length, payload: p.payload })),
    },
    skipped: packets.length - chosen.length,
  };
}
