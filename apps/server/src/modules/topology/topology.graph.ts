import {
  isIPv4,
  TOPOLOGY_MAX_HOSTS,
  TOPOLOGY_MAX_SEGMENTS,
  type TTopologyGraph,
  type TTopologyLink,
  type TTopologyNode,
  type TTopologySegment,
} from '@netguard/contracts';
import type { TopologyHost } from './topology.hosts.ts';
import { summarize } from './topology.summary.ts';
import { type CaptureTraffic, type LinkTraffic, measureLink } from './topology.traffic.ts';

type Zone = TTopologySegment['zone'];

const octets = (address: string) => address.split('.').map(Number);
const byAddress = (a: string, b: string) => {
  const x = octets(a);
  const y = octets(b);
  return x.reduce((d, n, i) => d || n - (y[i] ?? 0), 0);
};

/** The /24 a host is in: the segment its gateway serves. */
export function segmentOf(address: string): string {
  return `${address.split('.').slice(0, 3).join('.')}.0/24`;
}

/** Private (RFC 1918), loopback and link-local space is trusted; anything else is external. */
export function zoneOf(address: string): Zone {
  const [a, b] = octets(address);
  if (a === 10 || a === 127 || (a === 192 && b === 168) || (a === 169 && b === 254))
    return 'trusted';
  if (a === 172 && b !== undefined && b >= 16 && b <= 31) return 'trusted';
  return 'external';
}

/** The smallest octet-aligned block holding every segment: what the inferred core routes. */
export function supernetOf(segments: readonly string[]): string {
  const parts = segments.map((s) => s.split('.').slice(0, 3));
  let shared = 0;
  while (shared < 3 && parts.every((p) => p[shared] === parts[0]?.[shared])) shared++;
  const kept = parts[0]?.slice(0, shared) ?? [];
  return `${[...kept, ...Array(4 - shared).fill('0')].join('.')}/${shared * 8}`;
}

/** Who is drawn first when not all hosts fit: at risk, servers, clients, then offline hosts. */
const rank = (h: TopologyHost) =>
  h.status === 'warning' ? 0 : h.status === 'offline' ? 3 : h.services > 0 ? 1 : 2;

/** The hosts the diagram draws: at most TOPOLOGY_MAX_HOSTS in TOPOLOGY_MAX_SEGMENTS segments. */
function pickHosts(hosts: readonly TopologyHost[]): TopologyHost[] {
  const ordered = [...hosts].sort((a, b) => rank(a) - rank(b) || byAddress(a.address, b.address));
  const segments = new Set<string>();
  const picked: TopologyHost[] = [];
  for (const host of ordered) {
    if (picked.length === TOPOLOGY_MAX_HOSTS) break;
    const segment = segmentOf(host.address);
    if (!segments.has(segment) && segments.size === TOPOLOGY_MAX_SEGMENTS) continue;
    segments.add(segment);
    picked.push(host);
  }
  return picked.sort((a, b) => byAddress(a.address, b.address));
}

function hostNode(host: TopologyHost): TTopologyNode {
  return {
    id: `host:${host.address}`,
    type: host.services > 0 ? 'server' : 'client',
    label: host.hostname ?? host.address,
    ip: host.address,
    status: host.status,
    connections: [],
    segment: segmentOf(host.address),
    inferred: false,
    hostname: host.hostname,
    services: host.services,
    risks: host.risks,
    last_seen_at: host.lastSeenAt.toISOString(),
  };
}

/** A router no scan saw itself; `ip` is the block it routes. */
function routerNode(id: string, label: string, ip: string, up: boolean): TTopologyNode {
  return {
    id,
    type: 'router',
    label,
    ip,
    status: up ? 'online' : 'offline',
    connections: [],
    segment: ip,
    inferred: true,
    hostname: null,
    services: 0,
    risks: 0,
    last_seen_at: null,
  };
}

function groupBySegment(hosts: readonly TopologyHost[]): Map<string, TopologyHost[]> {
  const groups = new Map<string, TopologyHost[]>();
  for (const host of hosts) {
    const segment = segmentOf(host.address);
    const group = groups.get(segment);
    if (group) group.push(host);
    else groups.set(segment, [host]);
  }
  return groups;
}

/**
 * Draws the scanned network: one inferred gateway per /24 segment joining its hosts, and an
 * inferred core joining the gateways when there are several segments. Link traffic comes from
 * the captures (newest first) where one covers the link, else it is unmeasured.
 */
export function buildScannedGraph(
  all: readonly TopologyHost[],
  latestScanAt: Date | null,
  captures: readonly CaptureTraffic[] = [],
): TTopologyGraph {
  const picked = pickHosts(all);
  const drawn = groupBySegment(picked);
  const everyHost = groupBySegment(all);
  const nodes: TTopologyNode[] = [];
  const links: TTopologyLink[] = [];
  const connect = (
    from: TTopologyNode,
    to: TTopologyNode,
    type: TTopologyLink['type'],
    traffic: LinkTraffic,
  ) => {
    links.push({ from: from.id, to: to.id, type, ...traffic });
    from.connections.push(to.id);
    to.connections.push(from.id);
  };
  const segmentIds = [...drawn.keys()];
  const anyUp = all.some((h) => h.status !== 'offline');
  const core =
    segmentIds.length > 1 ? routerNode('core', 'Core', supernetOf(segmentIds), anyUp) : null;
  if (core) nodes.push(core);
  const segments = segmentIds.map((segment): TTopologySegment => {
    const members = everyHost.get(segment) ?? [];
    const gateway = routerNode(
      `gateway:${segment}`,
      'Gateway',
      segment,
      members.some((h) => h.status !== 'offline'),
    );
    nodes.push(gateway);
    const zone = zoneOf(segment);
    if (core) {
      const inSegment = (address: string) => isIPv4(address) && segmentOf(address) === segment;
      connect(
        core,
        gateway,
        zone === 'external' ? 'wan' : 'ethernet',
        measureLink(inSegment, captures),
      );
    }
    const hosts = drawn.get(segment) ?? [];
    for (const host of hosts) {
      const node = hostNode(host);
      nodes.push(node);
      connect(
        gateway,
        node,
        'ethernet',
        measureLink((a) => a === host.address, captures),
      );
    }
    // The gateway is inferred, not seen: the segment's devices are its hosts.
    return { id: segment, name: segment, note: null, zone, devices: hosts.length };
  });
  const zones = (['trusted', 'external'] as const).map((id) => ({
    id,
    segments: segments.filter((s) => s.zone === id).length,
  }));
  return {
    source: 'scans',
    nodes,
    links,
    segments,
    zones,
    summary: summarize(nodes, links, segments.length),
    hosts_found: all.length,
    hosts_drawn: picked.length,
    latest_scan_at: latestScanAt?.toISOString() ?? null,
  };
}
