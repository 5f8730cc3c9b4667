import { TOPOLOGY_NO_TRAFFIC, type TTopologyGraph, type TTopologyLink } from '@netguard/contracts';
import { formatBytes } from '@/features/packets/packet-format';

/**
 * A link's traffic in words: its share of the capture and the bytes, or that none was measured.
 * @example linkTrafficText({ traffic: 25, traffic_bytes: 1000, ... }) // '25% · 1000 B'
 */
export function linkTrafficText(link: TTopologyLink): string {
  if (link.traffic === null) return TOPOLOGY_NO_TRAFFIC;
  if (link.traffic_bytes === null) return `${link.traffic}%`;
  return `${link.traffic}% · ${formatBytes(link.traffic_bytes)}`;
}

/** The Avg Traffic card: its value and what it stands for. */
export function averageTraffic(graph: TTopologyGraph): { value: string; detail: string } {
  const { average_traffic: average, measured_links: measured } = graph.summary;
  if (graph.source === 'sample')
    return { value: `${average ?? 0}%`, detail: 'Sample traffic, not measured' };
  if (average === null)
    return { value: '—', detail: `${TOPOLOGY_NO_TRAFFIC}: upload a packet capture` };
  return {
    value: `${average}%`,
    detail: `Share of captured bytes, ${measured} of ${graph.links.length} links measured`,
  };
}
