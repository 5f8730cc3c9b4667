import { DEFAULT_TOPOLOGY_SETTINGS, type TTopologyGraph } from '@netguard/contracts';
import { describe, expect, it } from 'vitest';
import { exportFileName, graphDocument } from '@/features/topology/topology-export';
import type { TPositionedNode } from '@/features/topology/topology-layout';

const graph: TTopologyGraph = {
  source: 'scans',
  nodes: [],
  links: [
    {
      from: 'gateway:192.0.2.0/24',
      to: 'host:192.0.2.7',
      type: 'ethernet',
      traffic: 100,
      traffic_bytes: 4096,
      traffic_capture: 'office.pcap',
    },
  ],
  segments: [],
  zones: [],
  summary: {
    devices: 1,
    online: 1,
    warning: 0,
    offline: 0,
    segments: 1,
    connections: 1,
    average_traffic: 100,
    measured_links: 1,
  },
  hosts_found: 1,
  hosts_drawn: 1,
  latest_scan_at: null,
};

describe('topology export', () => {
  it('writes the nodes as drawn, with positions, and says what traffic means', () => {
    const nodes = [{ id: 'host:192.0.2.7', x: 400, y: 300 }] as TPositionedNode[];
    const now = new Date('2026-11-22T03:00:00Z');
    const doc = graphDocument(graph, nodes, DEFAULT_TOPOLOGY_SETTINGS, now);
    expect(doc.nodes[0]).toMatchObject({ x: 400, y: 300 });
    expect(doc.links).toEqual(graph.links);
    expect(doc.traffic_definition).toMatch(/share of an uploaded capture’s bytes/);
    expect(doc).toMatchObject({ size: { width: 800, height: 500 }, layout: 'hierarchical' });
    expect(exportFileName('svg', now)).toBe('netguard-topology-2026-11-22.svg');
  });
});
