import { TOPOLOGY_SIZE, type TTopologyLink, type TTopologyNode } from '@netguard/contracts';
import { describe, expect, it } from 'vitest';
import {
  layoutTopology,
  MARGIN,
  MIN_GAP,
  NODE_RADIUS,
  type TPositionedNode,
  type TTopologyDrawing,
} from '@/features/topology/topology-layout';

type Edge = [string, string];
type Graph = { nodes: TTopologyNode[]; links: TTopologyLink[] };

/** Nodes of the given types joined by `edges`, in the order given. */
function graph(types: Record<string, TTopologyNode['type']>, edges: Edge[]): Graph {
  const nodes = Object.entries(types).map(
    ([id, type]): TTopologyNode => ({
      id,
      type,
      label: id,
      ip: '192.0.2.1',
      status: 'online',
      connections: edges.flatMap(([a, b]) => (a === id ? [b] : b === id ? [a] : [])),
      segment: 's',
      inferred: false,
      hostname: null,
      services: 0,
      risks: 0,
      last_seen_at: null,
    }),
  );
  const links = edges.map(
    ([from, to]): TTopologyLink => ({
      from,
      to,
      type: 'ethernet',
      traffic: 10,
      traffic_bytes: null,
      traffic_capture: null,
    }),
  );
  return { nodes, links };
}

const draw = (g: Graph, layout: 'hierarchical' | 'radial') =>
  layoutTopology(g.nodes, g.links, layout);

const SAMPLE = graph(
  {
    internet: 'internet',
    firewall: 'firewall',
    router: 'router',
    web: 'server',
    files: 'server',
    desktop: 'client',
    laptop: 'client',
  },
  [
    ['internet', 'firewall'],
    ['firewall', 'router'],
    ['firewall', 'web'],
    ['router', 'files'],
    ['router', 'desktop'],
    ['router', 'laptop'],
  ],
);

/** A core, 6 gateways and 4 hosts under each: the largest scanned picture the API sends. */
function scanned(): Graph {
  const types: Record<string, TTopologyNode['type']> = { core: 'router' };
  const edges: Edge[] = [];
  for (let s = 0; s < 6; s++) {
    types[`gw${s}`] = 'router';
    edges.push(['core', `gw${s}`]);
    for (let h = 0; h < 4; h++) {
      types[`h${s}.${h}`] = h % 2 ? 'client' : 'server';
      edges.push([`gw${s}`, `h${s}.${h}`]);
    }
  }
  return graph(types, edges);
}

const at = (nodes: TPositionedNode[], id: string) =>
  nodes.find((n) => n.id === id) as TPositionedNode;

function expectInside(nodes: TPositionedNode[]) {
  for (const n of nodes) {
    expect(n.x, n.id).toBeGreaterThanOrEqual(MARGIN.side - NODE_RADIUS);
    expect(n.x, n.id).toBeLessThanOrEqual(TOPOLOGY_SIZE.width - MARGIN.side + NODE_RADIUS);
    expect(n.y, n.id).toBeGreaterThanOrEqual(MARGIN.top);
    expect(n.y, n.id).toBeLessThanOrEqual(TOPOLOGY_SIZE.height - MARGIN.bottom);
  }
}

/** Distance from point p to the segment a-b. */
function toSegment(p: TPositionedNode, a: { x: number; y: number }, b: { x: number; y: number }) {
  const dx = b.x - a.x;
  const dy = b.y - a.y;
  const t =
    dx || dy
      ? Math.max(0, Math.min(1, ((p.x - a.x) * dx + (p.y - a.y) * dy) / (dx * dx + dy * dy)))
      : 0;
  return Math.hypot(p.x - (a.x + t * dx), p.y - (a.y + t * dy));
}

/** No link is drawn through a node other than its own two ends. */
function expectClearLinks({ nodes, links }: TTopologyDrawing) {
  for (const link of links)
    for (const node of nodes) {
      if (node.id === link.from || node.id === link.to) continue;
      for (let i = 1; i < link.points.length; i++) {
        const near = toSegment(
          node,
          link.points[i - 1] as TPositionedNode,
          link.points[i] as TPositionedNode,
        );
        expect(near, `${link.from}>${link.to} through ${node.id}`).toBeGreaterThan(NODE_RADIUS);
      }
    }
}

function closestPair(nodes: TPositionedNode[]): number {
  let best = Number.POSITIVE_INFINITY;
  for (const [i, a] of nodes.entries())
    for (const b of nodes.slice(i + 1)) best = Math.min(best, Math.hypot(a.x - b.x, a.y - b.y));
  return best;
}

describe('hierarchical layout', () => {
  it('draws the Internet on top and every child below its parent', () => {
    const drawing = draw(SAMPLE, 'hierarchical');
    const { nodes } = drawing;
    expectClearLinks(drawing);
    expect(Math.min(...nodes.map((n) => n.y))).toBe(at(nodes, 'internet').y);
    expect(at(nodes, 'firewall').y).toBeGreaterThan(at(nodes, 'internet').y);
    expect(at(nodes, 'router').y).toBeGreaterThan(at(nodes, 'firewall').y);
    expect(at(nodes, 'laptop').y).toBeGreaterThan(at(nodes, 'router').y);
    // The router's hosts are spread under it, the router centred over them.
    const hosts = ['files', 'desktop', 'laptop'].map((id) => at(nodes, id).x);
    expect(at(nodes, 'router').x).toBeCloseTo((Math.min(...hosts) + Math.max(...hosts)) / 2, 0);
    expectInside(nodes);
    expect(closestPair(nodes)).toBeGreaterThanOrEqual(MIN_GAP);
  });

  it('wraps many hosts into rows under their gateway without overlaps', () => {
    const drawing = draw(scanned(), 'hierarchical');
    const { nodes } = drawing;
    expectClearLinks(drawing);
    expectInside(nodes);
    expect(closestPair(nodes)).toBeGreaterThanOrEqual(2 * NODE_RADIUS + 20);
    for (let s = 0; s < 6; s++) {
      const gateway = at(nodes, `gw${s}`);
      for (let h = 0; h < 4; h++) {
        const host = at(nodes, `h${s}.${h}`);
        expect(host.y).toBeGreaterThan(gateway.y);
        expect(Math.abs(host.x - gateway.x)).toBeLessThan(MIN_GAP);
      }
    }
  });

  it('spreads one large segment over rows of the full width', () => {
    const hosts = Array.from({ length: 24 }, (_, i) => `h${i}`);
    const types = Object.fromEntries(hosts.map((h) => [h, 'client' as const]));
    const drawing = draw(
      graph(
        { gw: 'router', ...types },
        hosts.map((h) => ['gw', h]),
      ),
      'hierarchical',
    );
    expectInside(drawing.nodes);
    expectClearLinks(drawing);
    expect(closestPair(drawing.nodes)).toBeGreaterThanOrEqual(MIN_GAP);
    expect(new Set(drawing.nodes.map((n) => n.y)).size).toBe(4);
  });

  it('keeps unconnected parts side by side', () => {
    const drawing = draw(
      graph({ a: 'router', b: 'client', c: 'server' }, [['a', 'b']]),
      'hierarchical',
    );
    const { nodes } = drawing;
    expectInside(nodes);
    expectClearLinks(drawing);
    expect(at(nodes, 'c').x).not.toBe(at(nodes, 'a').x);
  });
});

describe('radial layout', () => {
  it('puts the root in the centre and spreads the rest on rings', () => {
    const drawing = draw(scanned(), 'radial');
    const { nodes } = drawing;
    expectClearLinks(drawing);
    expect(at(nodes, 'core')).toMatchObject({
      x: TOPOLOGY_SIZE.width / 2,
      y: TOPOLOGY_SIZE.height / 2,
    });
    expectInside(nodes);
    expect(closestPair(nodes)).toBeGreaterThanOrEqual(2 * NODE_RADIUS);
    const centre = { x: TOPOLOGY_SIZE.width / 2, y: TOPOLOGY_SIZE.height / 2 };
    const reach = (id: string) =>
      Math.hypot(at(nodes, id).x - centre.x, at(nodes, id).y - centre.y);
    expect(reach('h0.0')).toBeGreaterThan(reach('gw0'));
  });

  it('is deterministic', () => {
    expect(draw(SAMPLE, 'radial')).toEqual(draw(SAMPLE, 'radial'));
  });
});
