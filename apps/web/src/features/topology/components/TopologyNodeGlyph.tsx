import type { TTopologyNodeType } from '@netguard/contracts';
import { Globe, type LucideIcon, Monitor, Router, Server, Shield } from 'lucide-react';
import type { KeyboardEvent } from 'react';
import { fitLabel } from '@/features/topology/label-fit';
import { STATUS_COLOURS } from '@/features/topology/topology-colours';
import {
  NODE_RADIUS,
  type TNodeLabel,
  type TPositionedNode,
} from '@/features/topology/topology-layout';
import { STATUS_LABELS, TOPOLOGY_TEXT as T, TYPE_LABELS } from '@/features/topology/topology-text';

export const NODE_ICONS: Record<TTopologyNodeType, LucideIcon> = {
  internet: Globe,
  firewall: Shield,
  router: Router,
  server: Server,
  client: Monitor,
};

// A white outline under the text keeps a name legible where a link runs behind it.
const HALO = {
  stroke: '#ffffff',
  strokeWidth: 3,
  strokeLinejoin: 'round',
  paintOrder: 'stroke',
} as const;

type CaptionProps = { node: TPositionedNode; place: TNodeLabel; showIp: boolean };

/** The node's name, and its address when that differs, below it or to its right. */
function NodeCaption({ node, place, showIp }: CaptionProps) {
  const right = place.side === 'right';
  const x = right ? NODE_RADIUS + 6 : 0;
  const [nameY, ipY] = right ? [-2, 11] : [NODE_RADIUS + 15, NODE_RADIUS + 28];
  const anchor = right ? 'start' : 'middle';
  return (
    <>
      <text
        x={x}
        y={nameY}
        textAnchor={anchor}
        fontSize={11}
        fontWeight={600}
        fill="#0f172a"
        {...HALO}
      >
        {fitLabel(node.label, place.room, 11)}
      </text>
      {showIp && node.ip !== node.label && (
        <text x={x} y={ipY} textAnchor={anchor} fontSize={10} fill="#64748b" {...HALO}>
          {fitLabel(node.ip, place.room, 10)}
        </text>
      )}
    </>
  );
}

type Props = {
  node: TPositionedNode;
  place: TNodeLabel;
  selected: boolean;
  showIp: boolean;
  onSelect: (id: string) => void;
};

/** One device: a status-coloured disc with its type icon, label and IP; inferred nodes are hollow. */
export function TopologyNodeGlyph({ node, place, selected, showIp, onSelect }: Props) {
  const Icon = NODE_ICONS[node.type];
  const colour = STATUS_COLOURS[node.status];
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key !== 'Enter' && event.key !== ' ') return;
    event.preventDefault();
    onSelect(node.id);
  };
  return (
    // biome-ignore lint/a11y/useSemanticElements: an SVG group cannot be a <button>.
    <g
      transform={`translate(${node.x} ${node.y})`}
      role="button"
      tabIndex={0}
      aria-label={`${node.label} ${node.ip} ${TYPE_LABELS[node.type]} ${STATUS_LABELS[node.status]}`}
      aria-pressed={selected}
      data-testid="topology-node"
      data-node-id={node.id}
      data-status={node.status}
      data-type={node.type}
      onClick={() => onSelect(node.id)}
      onKeyDown={onKeyDown}
      className="cursor-pointer outline-none [&:focus-visible>circle:first-of-type]:stroke-blue-600"
    >
      <title>
        {node.inferred
          ? `${node.label} (${node.ip}): ${T.inferredActions}`
          : `${node.label} (${node.ip})`}
      </title>
      <circle
        r={NODE_RADIUS + 6}
        fill="none"
        stroke={selected ? '#2563eb' : 'transparent'}
        strokeWidth={3}
      />
      <circle
        r={NODE_RADIUS}
        fill={node.inferred ? '#ffffff' : colour}
        stroke={node.inferred ? colour : '#ffffff'}
        strokeWidth={node.inferred ? 2.5 : 2}
        strokeDasharray={node.inferred ? '4 3' : undefined}
      />
      <Icon
        x={-9}
        y={-9}
        width={18}
        height={18}
        color={node.inferred ? colour : '#ffffff'}
        aria-hidden="true"
      />
      <NodeCaption node={node} place={place} showIp={showIp} />
    </g>
  );
}
