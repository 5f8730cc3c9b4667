import { PACKET_TOP_HOSTS, type TPacket, type TPacketStats } from '@netguard/contracts';

type Count = { packets: number; bytes: number };
type Order = keyof Count;

function add<K>(map: Map<K, Count>, key: K, bytes: number) {
  const count = map.get(key);
  if (count) {
    count.packets += 1;
    count.bytes += bytes;
  } else map.set(key, { packets: 1, bytes });
}

/** Largest first by `order`, then the other count; the name breaks ties so the order is stable. */
function ranked(map: Map<string, Count>, limit: number, order: Order = 'packets') {
  const other: Order = order === 'packets' ? 'bytes' : 'packets';
  return [...map]
    .sort(
      (a, b) => b[1][order] - a[1][order] || b[1][other] - a[1][other] || a[0].localeCompare(b[0]),
    )
    .slice(0, limit);
}

/**
 * Protocol distribution, top hosts, conversations (by bytes) and packets per wall-clock second
 * of the packets the browser holds (Live and Demo), counted as the server counts a capture file
 * (packages/packets stats, which the web app cannot import); empty seconds are listed as 0.
 */
export function computePacketStats(
  packets: readonly TPacket[],
  { topHosts = PACKET_TOP_HOSTS, conversations = 10 } = {},
): TPacketStats {
  const protocols = new Map<string, Count>();
  const hosts = new Map<string, Count>();
  const pairs = new Map<string, Count>();
  const seconds = new Map<number, number>();
  let bytes = 0;
  let first: number | null = null;
  let last: number | null = null;
  for (const p of packets) {
    if (first === null || p.time < first) first = p.time;
    if (last === null || p.time > last) last = p.time;
  }
  const base = Math.floor(first ?? 0);
  for (const p of packets) {
    bytes += p.length;
    add(protocols, p.protocol, p.length);
    if (p.source) add(hosts, p.source, p.length);
    if (p.destination && p.destination !== p.source) add(hosts, p.destination, p.length);
    if (p.source && p.destination) {
      const [a, b] = [p.source, p.destination].sort();
      add(pairs, `${a}\n${b}`, p.length);
    }
    const second = Math.floor(p.time) - base;
    seconds.set(second, (seconds.get(second) ?? 0) + 1);
  }
  const span = last === null ? -1 : Math.floor(last) - base;
  return {
    packets: packets.length,
    bytes,
    first_time: first,
    last_time: last,
    protocols: ranked(protocols, Number.POSITIVE_INFINITY).map(([protocol, c]) => ({
      protocol,
      ...c,
    })),
    top_hosts: ranked(hosts, topHosts).map(([host, c]) => ({ host, ...c })),
    conversations: ranked(pairs, conversations, 'bytes').map(([key, c]) => {
      const [a = '', b = ''] = key.split('\n');
      return { a, b, ...c };
    }),
    per_second: Array.from({ length: span + 1 }, (_, second) => ({
      second,
      packets: seconds.get(second) ?? 0,
    })),
  };
}
