import type { TTopologyGraph, TTopologyLink } from '@netguard/contracts';
import { describe, expect, it } from 'vitest';
import { averageTraffic, linkTrafficText } from '@/features/topology/topology-traffic';

const link = (traffic: number | null, bytes: number | null): TTopologyLink => ({
  from: 'gateway:192.0.2.0/24',
  to: 'host:192.0.2.7',
  type: 'ethernet',
  traffic,
  traffic_bytes: bytes,
  traffic_capture: bytes === null ? null : 'office.pcap',
});

const graph = (average: number | null, measured: number, source: TTopologyGraph['source']) =>
  ({
    source,
    links: [link(null, null), link(null, null), link(40, 1536)],
    summary: { average_traffic: average, measured_links: measured },
  }) as TTopologyGraph;

describe('topology traffic texts', () => {
  it('gives a measured link its share and bytes, and says when nothing was measured', () => {
    expect(linkTrafficText(link(40, 1536))).toBe('40% · 1.5 KB');
    expect(linkTrafficText(link(null, null))).toBe('No traffic measured');
  });

  it('shows no average traffic until a capture measured a link', () => {
    expect(averageTraffic(graph(null, 0, 'scans'))).toEqual({
      value: '—',
      detail: 'No traffic measured: upload a packet capture',
    });
    expect(averageTraffic(graph(40, 1, 'scans'))).toEqual({
      value: '40%',
      detail: 'Share of captured bytes, 1 of 3 links measured',
    });
    expect(averageTraffic(graph(47, 3, 'sample')).detail).toBe('Sample traffic, not measured');
  });
});
