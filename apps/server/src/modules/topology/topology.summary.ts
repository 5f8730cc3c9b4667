import type { TTopologyLink, TTopologyNode, TTopologySummary } from '@netguard/contracts';

/** The summary cards' figures, counted over the nodes and links the diagram draws. */
export function summarize(
  nodes: readonly TTopologyNode[],
  links: readonly TTopologyLink[],
  segments: number,
): TTopologySummary {
  const count = (status: TTopologyNode['status']) =>
    nodes.filter((n) => n.status === status).length;
  const offline = new Set(nodes.filter((n) => n.status === 'offline').map((n) => n.id));
  const active = links.filter((l) => !offline.has(l.from) && !offline.has(l.to));
  const traffic = links.reduce((sum, l) => sum + l.traffic, 0);
  return {
    devices: nodes.length,
    online: count('online'),
    warning: count('warning'),
    offline: offline.size,
    segments,
    connections: active.length,
    average_traffic: links.length === 0 ? 0 : Math.round(traffic / links.length),
  };
}
