import type { TTopologyLink, TTopologyNode, TTopologySummary } from '@netguard/contracts';

/**
 * The summary cards' figures, counted over the nodes and links the diagram draws: devices (and
 * their statuses) are the nodes a scan saw, not the inferred gateways; the average traffic is over
 * the links a capture measured.
 */
export function summarize(
  nodes: readonly TTopologyNode[],
  links: readonly TTopologyLink[],
  segments: number,
): TTopologySummary {
  const seen = nodes.filter((n) => !n.inferred);
  const count = (status: TTopologyNode['status']) => seen.filter((n) => n.status === status).length;
  const offline = new Set(nodes.filter((n) => n.status === 'offline').map((n) => n.id));
  const active = links.filter((l) => !offline.has(l.from) && !offline.has(l.to));
  const measured = links.flatMap((l) => (l.traffic === null ? [] : [l.traffic]));
  const traffic = measured.reduce((sum, t) => sum + t, 0);
  return {
    devices: seen.length,
    online: count('online'),
    warning: count('warning'),
    offline: count('offline'),
    segments,
    connections: active.length,
    average_traffic: measured.length === 0 ? null : Math.round(traffic / measured.length),
    measured_links: measured.length,
  };
}
