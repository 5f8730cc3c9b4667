import { compilePacketFilter, summarisePackets, type TPacket } from '@netguard/contracts';
import { useMemo } from 'react';
import {
  filterQuery,
  protocolOptions,
  type TPacketFilters,
} from '@/features/packets/packet-filters';

/**
 * What the page shows of packets held in the browser (Live and Demo): those matching the filters,
 * and statistics of all of them. The filters were checked when applied, so they compile.
 */
export function useHeldView(packets: readonly TPacket[], filters: TPacketFilters) {
  const compiled = useMemo(() => compilePacketFilter(filterQuery(filters)), [filters]);
  const visible = useMemo(
    () => (compiled.ok ? packets.filter(compiled.match) : [...packets]),
    [packets, compiled],
  );
  const stats = useMemo(() => summarisePackets(packets), [packets]);
  const protocols = useMemo(() => protocolOptions(stats.protocols.map((p) => p.protocol)), [stats]);
  return { visible, stats, protocols };
}

/** The same packet in two lists: file pages are refetched as new objects, ids repeat across lives. */
export function samePacket(a: TPacket | null, b: TPacket): boolean {
  return a !== null && a.id === b.id && a.time === b.time && a.length === b.length;
}
