import type { TTopologyNode } from '@netguard/contracts';

/** The graph as a tree: parents before children, siblings in the order the API sent them. */
export type TTopologyTree = {
  /** Top nodes (one per connected part of the graph). */
  roots: string[];
  children: Map<string, string[]>;
  depth: Map<string, number>;
};

const UPSTREAM_RANK = { internet: 0, firewall: 1, router: 2, server: 3, client: 4 } as const;

/**
 * The most upstream node of a part of the graph: the Internet, else a firewall, else the first
 * router (the API lists a core before the gateways it joins).
 */
function pickRoot(nodes: readonly TTopologyNode[]): TTopologyNode | undefined {
  return nodes.reduce<TTopologyNode | undefined>(
    (best, n) => (!best || UPSTREAM_RANK[n.type] < UPSTREAM_RANK[best.type] ? n : best),
    undefined,
  );
}

/** Walks the connections breadth first from the most upstream node of each connected part. */
export function buildTree(nodes: readonly TTopologyNode[]): TTopologyTree {
  const byId = new Map(nodes.map((n) => [n.id, n]));
  const order = new Map(nodes.map((n, i) => [n.id, i]));
  const children = new Map<string, string[]>(nodes.map((n) => [n.id, []]));
  const depth = new Map<string, number>();
  const roots: string[] = [];
  let unvisited = [...nodes];
  while (unvisited.length > 0) {
    const root = pickRoot(unvisited);
    if (!root) break;
    roots.push(root.id);
    depth.set(root.id, 0);
    const queue = [root.id];
    for (let at = 0; at < queue.length; at++) {
      const id = queue[at] as string;
      const next = (byId.get(id)?.connections ?? [])
        .filter((peer) => byId.has(peer) && !depth.has(peer))
        .sort((a, b) => (order.get(a) ?? 0) - (order.get(b) ?? 0));
      for (const peer of next) {
        depth.set(peer, (depth.get(id) ?? 0) + 1);
        children.get(id)?.push(peer);
        queue.push(peer);
      }
    }
    unvisited = unvisited.filter((n) => !depth.has(n.id));
  }
  return { roots, children, depth };
}
