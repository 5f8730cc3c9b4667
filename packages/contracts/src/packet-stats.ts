// Running statistics of a packet list: protocol distribution, top hosts, conversations and the
// packets-per-second series, built one packet at a time so a whole capture never sits in memory.
import { PACKET_TOP_HOSTS, type TPacket, type TPacketStats } from './packets.ts';

export type PacketStats = { add(packet: TPacket): void; result(): TPacketStats };

type Count = { packets: number; bytes: number };

/** Conversations a stored capture's statistics keep: a shorter list holds every conversation. */
export const PACKET_STATS_CONVERSATIONS = 20;
/**
 * Distinct hosts, conversations and seconds kept per capture, so a 200 MB file of a sweep over a
 * /8 cannot grow the maps without bound: later new hosts and pairs are counted under OTHER, and
 * seconds past the first day that has packets are left out of per_second.
 */
export const PACKET_STATS_MAX_KEYS = 100_000;
export const PACKET_STATS_MAX_SECONDS = 86_400;
const OTHER = '(other)';

function bump(map: Map<string, Count>, key: string, bytes: number): void {
  const count = map.get(key) ?? (map.size >= PACKET_STATS_MAX_KEYS ? map.get(OTHER) : undefined);
  if (count) {
    count.packets++;
    count.bytes += bytes;
  } else map.set(map.size >= PACKET_STATS_MAX_KEYS ? OTHER : key, { packets: 1, bytes });
}

// Most packets first; ties by bytes, then by name so the order is stable.
const byPackets = (a: [string, Count], b: [string, Count]) =>
  b[1].packets - a[1].packets || b[1].bytes - a[1].bytes || (a[0] < b[0] ? -1 : 1);
const byBytes = (a: [string, Count], b: [string, Count]) =>
  b[1].bytes - a[1].bytes || b[1].packets - a[1].packets || (a[0] < b[0] ? -1 : 1);

/**
 * Creates statistics to feed packets into. A host counts every packet it sends or receives (once
 * for a packet to itself); a conversation is an unordered address pair. `per_second` lists the
 * seconds that have packets, as whole seconds after the first packet's second.
 * @example const stats = createPacketStats(); for (const p of packets) stats.add(p); stats.result();
 */
export function createPacketStats(
  options: { topHosts?: number; conversations?: number } = {},
): PacketStats {
  const topHosts = options.topHosts ?? PACKET_TOP_HOSTS;
  const topConversations = options.conversations ?? PACKET_STATS_CONVERSATIONS;
  const protocols = new Map<string, Count>();
  const hosts = new Map<string, Count>();
  const conversations = new Map<string, Count>();
  const seconds = new Map<number, number>();
  let packets = 0;
  let bytes = 0;
  let first: number | null = null;
  let last: number | null = null;
  return {
    add(packet) {
      const { length, source, destination, time } = packet;
      packets++;
      bytes += length;
      if (first === null || time < first) first = time;
      if (last === null || time > last) last = time;
      bump(protocols, packet.protocol, length);
      if (source) bump(hosts, source, length);
      if (destination && destination !== source) bump(hosts, destination, length);
      if (source && destination)
        bump(
          conversations,
          source < destination ? `${source}\n${destination}` : `${destination}\n${source}`,
          length,
        );
      const second = Math.floor(time);
      const seen = seconds.get(second);
      if (seen !== undefined) seconds.set(second, seen + 1);
      else if (seconds.size < PACKET_STATS_MAX_SECONDS) seconds.set(second, 1);
    },
    result() {
      const base = first === null ? 0 : Math.floor(first);
      return {
        packets,
        bytes,
        first_time: first,
        last_time: last,
        protocols: [...protocols].sort(byPackets).map(([protocol, c]) => ({ protocol, ...c })),
        top_hosts: [...hosts]
          .sort(byPackets)
          .slice(0, topHosts)
          .map(([host, c]) => ({ host, ...c })),
        conversations: [...conversations]
          .sort(byBytes)
          .slice(0, topConversations)
          .map(([pair, c]) => {
            const [a = '', b = ''] = pair.split('\n');
            return { a, b, ...c };
          }),
        per_second: [...seconds]
          .sort((x, y) => x[0] - y[0])
          .map(([second, count]) => ({ second: second - base, packets: count })),
      };
    },
  };
}

/** Statistics of a list of packets held in memory (the browser's live and demo views). */
export function summarisePackets(
  packets: Iterable<TPacket>,
  options?: { topHosts?: number; conversations?: number },
): TPacketStats {
  const stats = createPacketStats(options);
  for (const packet of packets) stats.add(packet);
  return stats.result();
}
