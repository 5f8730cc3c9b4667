import type {
  TTopologyGraph,
  TTopologyLink,
  TTopologyNode,
  TTopologySegment,
} from '@netguard/contracts';
import { summarize } from './topology.summary.ts';

type SampleNode = Pick<TTopologyNode, 'id' | 'type' | 'label' | 'ip' | 'status' | 'segment'>;

// The spec's fixed sample network (part 1, "Network Topology page"): 7 devices (6 online,
// 1 warning), 3 segments, 6 active connections, 47% average traffic. Shown, labelled as a
// sample, only while the organization has no scan data; its figures are illustrative.
const SEGMENTS: TTopologySegment[] = [
  { id: 'gateway', name: 'Internet Gateway', note: null, zone: 'external', devices: 2 },
  { id: 'internal', name: 'Internal Network', note: null, zone: 'trusted', devices: 4 },
  { id: 'dmz', name: 'DMZ Network', note: 'Limited', zone: 'dmz', devices: 1 },
];

const NODES: SampleNode[] = [
  {
    id: 'internet',
    type: 'internet',
    label: 'Internet',
    ip: '203.0.113.1',
    status: 'online',
    segment: 'gateway',
  },
  {
    id: 'firewall',
    type: 'firewall',
    label: 'Firewall',
    ip: '192.168.1.1',
    status: 'online',
    segment: 'gateway',
  },
  {
    id: 'router',
    type: 'router',
    label: 'Core Router',
    ip: '192.168.1.254',
    status: 'online',
    segment: 'internal',
  },
  {
    id: 'web',
    type: 'server',
    label: 'Web Server',
    ip: '10.0.1.10',
    status: 'warning',
    segment: 'dmz',
  },
  {
    id: 'files',
    type: 'server',
    label: 'File Server',
    ip: '192.168.1.10',
    status: 'online',
    segment: 'internal',
  },
  {
    id: 'desktop',
    type: 'client',
    label: 'Workstation',
    ip: '192.168.1.101',
    status: 'online',
    segment: 'internal',
  },
  {
    id: 'laptop',
    type: 'client',
    label: 'Laptop',
    ip: '192.168.1.102',
    status: 'online',
    segment: 'internal',
  },
];

/** The sample's traffic is illustrative: no capture measured it. */
const SAMPLE = { traffic_bytes: null, traffic_capture: null };

const LINKS: TTopologyLink[] = [
  { from: 'internet', to: 'firewall', type: 'wan', traffic: 65, ...SAMPLE },
  { from: 'firewall', to: 'router', type: 'ethernet', traffic: 52, ...SAMPLE },
  { from: 'firewall', to: 'web', type: 'ethernet', traffic: 78, ...SAMPLE },
  { from: 'router', to: 'files', type: 'ethernet', traffic: 45, ...SAMPLE },
  { from: 'router', to: 'desktop', type: 'ethernet', traffic: 23, ...SAMPLE },
  { from: 'router', to: 'laptop', type: 'wifi', traffic: 19, ...SAMPLE },
];

/** The labelled sample network shown while an organization has no scan data. */
export function sampleGraph(): TTopologyGraph {
  const nodes = NODES.map(
    (node): TTopologyNode => ({
      ...node,
      connections: LINKS.flatMap((l) =>
        l.from === node.id ? [l.to] : l.to === node.id ? [l.from] : [],
      ),
      inferred: false,
      hostname: null,
      services: 0,
      risks: 0,
      last_seen_at: null,
    }),
  );
  return {
    source: 'sample',
    nodes,
    links: LINKS,
    segments: SEGMENTS,
    zones: [
      { id: 'trusted', segments: 1 },
      { id: 'dmz', segments: 1 },
      { id: 'external', segments: 1 },
    ],
    summary: summarize(nodes, LINKS, SEGMENTS.length),
    hosts_found: 0,
    hosts_drawn: 0,
    latest_scan_at: null,
  };
}
