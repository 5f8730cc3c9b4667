import {
  TOPOLOGY_SIZE,
  type TTopologyLayout,
  type TTopologyLink,
  type TTopologyNode,
} from '@netguard/contracts';
import { buildTree, type TTopologyTree } from '@/features/topology/topology-tree';

/** A node with its place in the 800x500 drawing (spec part 1 §3: id, x, y, ...). */
export type TPositionedNode = TTopologyNode & { x: number; y: number };

export const NODE_RADIUS = 18;
/** Room kept free around the drawing; more below, where the labels hang under the nodes. */
export const MARGIN = { side: 48, top: 40, bottom: 64 } as const;
/** Nearest two nodes of one row may be, centre to centre. */
export const MIN_GAP = 64;
const MAX_ROW_GAP = 120;
/** How far a comb's trunk runs inside its group's left edge, and its teeth above each row. */
const COMB_INSET = 6;
const COMB_RISE = NODE_RADIUS + 12;
/** Where along a straight link (from the parent) its traffic label sits: nearer the child, where links fan out. */
const LABEL_ALONG = 0.6;
/** Widest a node's name may be drawn, even with nothing around it. */
const LABEL_ROOM = 150;

const { width: W, height: H } = TOPOLOGY_SIZE;
const PER_ROW = Math.floor((W - 2 * MARGIN.side) / MIN_GAP);

type Point = { x: number; y: number };
type Place = { x: number; row: number };
/** A child drawn in a grid of several rows, reached along a comb from its group's left edge. */
type Comb = { parent: string; trunkX: number };

/** A link with the points it is drawn through and where its traffic label sits. */
export type TRoutedLink = TTopologyLink & { points: Point[]; labelAt: Point };
/**
 * Where a node's name goes: below it, or beside it when links leave downwards (so the traffic
 * labels of those links stay clear), and how many pixels it may take.
 */
export type TNodeLabel = { side: 'below' | 'right'; room: number };
export type TTopologyDrawing = {
  nodes: TPositionedNode[];
  links: TRoutedLink[];
  labels: Map<string, TNodeLabel>;
};

/** Children that are all leaves are drawn as a grid of at most `columns` columns. */
function leafGroup(tree: TTopologyTree, id: string): string[] | null {
  const kids = tree.children.get(id) ?? [];
  const allLeaves = kids.length > 0 && kids.every((k) => (tree.children.get(k) ?? []).length === 0);
  return allLeaves ? kids : null;
}

/** Widest grid that still fits every leaf of the drawing on one row's worth of slots. */
function gridColumns(tree: TTopologyTree): number {
  const ids = [...tree.children.keys()];
  const groups = ids.map((id) => leafGroup(tree, id)).filter((g): g is string[] => g !== null);
  const grouped = groups.reduce((n, g) => n + g.length, 0);
  const lone = ids.filter((id) => (tree.children.get(id) ?? []).length === 0).length - grouped;
  const widest = Math.max(1, ...groups.map((g) => g.length));
  let columns = 1;
  while (
    columns < widest &&
    lone + groups.reduce((n, g) => n + Math.min(g.length, columns + 1), 0) <= PER_ROW
  )
    columns++;
  return columns;
}

/** Top-down tree: levels by depth, leaf groups wrapped into rows under their parent. */
function hierarchical(tree: TTopologyTree): {
  places: Map<string, Place>;
  combs: Map<string, Comb>;
} {
  const columns = gridColumns(tree);
  const units = new Map<string, number>();
  const unitsOf = (id: string): number => {
    const group = leafGroup(tree, id);
    const kids = tree.children.get(id) ?? [];
    const value = group
      ? Math.min(group.length, columns)
      : Math.max(
          1,
          kids.reduce((n, k) => n + unitsOf(k), 0),
        );
    units.set(id, value);
    return value;
  };
  const total = tree.roots.reduce((n, r) => n + unitsOf(r), 0);
  const unit = (W - 2 * MARGIN.side) / total;
  const places = new Map<string, Place>();
  const combs = new Map<string, Comb>();
  const place = (id: string, left: number) => {
    const span = (units.get(id) ?? 1) * unit;
    const depth = tree.depth.get(id) ?? 0;
    places.set(id, { x: left + span / 2, row: depth });
    const group = leafGroup(tree, id);
    if (group) {
      const cols = Math.min(group.length, columns);
      group.forEach((kid, i) => {
        places.set(kid, {
          x: left + ((i % cols) + 0.5) * unit,
          row: depth + 1 + Math.floor(i / cols),
        });
        // Straight lines to a second row would cross the first: several rows hang on a comb.
        if (group.length > cols) combs.set(kid, { parent: id, trunkX: left + COMB_INSET });
      });
      return;
    }
    let at = left;
    for (const kid of tree.children.get(id) ?? []) {
      place(kid, at);
      at += (units.get(kid) ?? 1) * unit;
    }
  };
  let left = MARGIN.side;
  for (const root of tree.roots) {
    place(root, left);
    left += (units.get(root) ?? 1) * unit;
  }
  return { places, combs };
}

/** Rows to y: evenly spaced, at most MAX_ROW_GAP apart, centred when there is room to spare. */
function rowsToY(places: Map<string, Place>): Map<string, Point> {
  const rows = Math.max(0, ...[...places.values()].map((p) => p.row));
  const usable = H - MARGIN.top - MARGIN.bottom;
  const gap = rows === 0 ? 0 : Math.min(MAX_ROW_GAP, usable / rows);
  const top = MARGIN.top + (usable - gap * rows) / 2;
  return new Map([...places].map(([id, p]) => [id, { x: p.x, y: top + p.row * gap }]));
}

/** Rings around the centre: each leaf gets an equal angle, parents sit mid-way over theirs. */
function radial(tree: TTopologyTree): Map<string, Point> {
  const shift = tree.roots.length > 1 ? 1 : 0;
  const leaves = new Map<string, number>();
  const leavesOf = (id: string): number => {
    const kids = tree.children.get(id) ?? [];
    const value = kids.length === 0 ? 1 : kids.reduce((n, k) => n + leavesOf(k), 0);
    leaves.set(id, value);
    return value;
  };
  const total = tree.roots.reduce((n, r) => n + leavesOf(r), 0);
  const rings = Math.max(1, ...[...tree.depth.values()].map((d) => d + shift));
  const rx = W / 2 - MARGIN.side;
  const ry = H / 2 - MARGIN.bottom;
  const points = new Map<string, Point>();
  const place = (id: string, start: number) => {
    const span = ((leaves.get(id) ?? 1) / total) * 2 * Math.PI;
    const ring = ((tree.depth.get(id) ?? 0) + shift) / rings;
    const angle = start + span / 2 - Math.PI / 2;
    points.set(id, {
      x: W / 2 + rx * ring * Math.cos(angle),
      y: H / 2 + ry * ring * Math.sin(angle),
    });
    let at = start;
    for (const kid of tree.children.get(id) ?? []) {
      place(kid, at);
      at += ((leaves.get(kid) ?? 1) / total) * 2 * Math.PI;
    }
  };
  let start = 0;
  for (const root of tree.roots) {
    place(root, start);
    start += ((leaves.get(root) ?? 1) / total) * 2 * Math.PI;
  }
  return points;
}

const round = (p: Point): Point => ({ x: Math.round(p.x * 10) / 10, y: Math.round(p.y * 10) / 10 });

/** Straight from end to end, or down the comb: below the parent, along to the trunk, across, down. */
function route(from: Point, to: Point, comb: Comb | undefined, first: Point | undefined): Point[] {
  if (!comb || !first) return [from, to];
  const teeth = to.y - COMB_RISE;
  const bus = first.y - COMB_RISE;
  if (teeth === bus) return [from, { x: from.x, y: bus }, { x: to.x, y: bus }, to];
  return [
    from,
    { x: from.x, y: bus },
    { x: comb.trunkX, y: bus },
    { x: comb.trunkX, y: teeth },
    { x: to.x, y: teeth },
    to,
  ];
}

/** Room for each node's name: up to the nearest node on about the same line. */
function placeLabels(
  nodes: readonly TPositionedNode[],
  beside: (id: string) => boolean,
): Map<string, TNodeLabel> {
  return new Map(
    nodes.map((node) => {
      const gaps = nodes
        .filter((o) => o !== node && Math.abs(o.y - node.y) < 2 * NODE_RADIUS)
        .map((o) => Math.abs(o.x - node.x));
      const free = Math.min(LABEL_ROOM, ...gaps);
      const side = beside(node.id) ? 'right' : 'below';
      return [node.id, { side, room: side === 'right' ? free - 2 * NODE_RADIUS : free - 8 }];
    }),
  );
}

/**
 * Places every node inside the 800x500 drawing and routes every link between them.
 * @example layoutTopology(graph.nodes, graph.links, 'hierarchical').nodes[0] // { ...node, x: 400, y: 40 }
 */
export function layoutTopology(
  nodes: readonly TTopologyNode[],
  links: readonly TTopologyLink[],
  layout: TTopologyLayout,
): TTopologyDrawing {
  const tree = buildTree(nodes);
  const tiers = layout === 'radial' ? null : hierarchical(tree);
  const points = tiers ? rowsToY(tiers.places) : radial(tree);
  const pointOf = (id: string) => round(points.get(id) ?? { x: W / 2, y: H / 2 });
  // The top row of each comb sets where its bus runs.
  const firstRow = new Map<string, Point>();
  for (const [child, comb] of tiers?.combs ?? []) {
    const p = pointOf(child);
    const known = firstRow.get(comb.parent);
    if (!known || p.y < known.y) firstRow.set(comb.parent, p);
  }
  const positioned = nodes.map((node) => ({ ...node, ...pointOf(node.id) }));
  const hasChildren = (id: string) => (tree.children.get(id) ?? []).length > 0;
  return {
    nodes: positioned,
    labels: placeLabels(positioned, (id) => tiers !== null && hasChildren(id)),
    links: links.map((link) => {
      const combOf = (child: string, parent: string) => {
        const comb = tiers?.combs.get(child);
        return comb?.parent === parent ? comb : undefined;
      };
      const up = combOf(link.from, link.to);
      const comb = combOf(link.to, link.from) ?? up;
      const [parent, child] = up ? [link.to, link.from] : [link.from, link.to];
      const ends = [pointOf(parent), pointOf(child)] as const;
      const points = route(ends[0], ends[1], comb, comb && firstRow.get(comb.parent)).map(round);
      const labelAt = comb
        ? (points.at(-2) as Point)
        : round({
            x: ends[0].x + (ends[1].x - ends[0].x) * LABEL_ALONG,
            y: ends[0].y + (ends[1].y - ends[0].y) * LABEL_ALONG,
          });
      return { ...link, points, labelAt };
    }),
  };
}
