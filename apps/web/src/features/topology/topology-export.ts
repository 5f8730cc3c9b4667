import {
  TOPOLOGY_SIZE,
  TOPOLOGY_TRAFFIC_DEFINITION,
  type TTopologyGraph,
  type TTopologySettings,
} from '@netguard/contracts';
import type { TPositionedNode } from '@/features/topology/topology-layout';

/** The graph as drawn: nodes with their x and y, links, segments, zones and summary. */
export function graphDocument(
  graph: TTopologyGraph,
  nodes: readonly TPositionedNode[],
  settings: TTopologySettings,
  now = new Date(),
) {
  return {
    exported_at: now.toISOString(),
    source: graph.source,
    size: TOPOLOGY_SIZE,
    layout: settings.layout,
    traffic_definition: TOPOLOGY_TRAFFIC_DEFINITION,
    summary: graph.summary,
    nodes,
    links: graph.links,
    segments: graph.segments,
    zones: graph.zones,
    hosts_found: graph.hosts_found,
    hosts_drawn: graph.hosts_drawn,
    latest_scan_at: graph.latest_scan_at,
  };
}

/** "netguard-topology-2026-11-22.svg" */
export function exportFileName(extension: 'svg' | 'json', now = new Date()): string {
  return `netguard-topology-${now.toISOString().slice(0, 10)}.${extension}`;
}

/** The diagram as a standalone SVG file, without the parts that only make sense live. */
export function svgDocument(svg: SVGSVGElement): string {
  const copy = svg.cloneNode(true) as SVGSVGElement;
  for (const live of copy.querySelectorAll('[data-export="skip"]')) live.remove();
  copy.setAttribute('xmlns', 'http://www.w3.org/2000/svg');
  copy.setAttribute('width', String(TOPOLOGY_SIZE.width));
  copy.setAttribute('height', String(TOPOLOGY_SIZE.height));
  return `<?xml version="1.0" encoding="UTF-8"?>\n${new XMLSerializer().serializeToString(copy)}`;
}

/** Saves text as a file through a temporary link. */
export function downloadText(fileName: string, type: string, text: string): void {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.click();
  URL.revokeObjectURL(url);
}
