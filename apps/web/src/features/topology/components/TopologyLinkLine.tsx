import { LINK_STROKES, trafficColour, trafficLevel } from '@/features/topology/topology-colours';
import type { TRoutedLink } from '@/features/topology/topology-layout';
import { LINK_LABELS, TOPOLOGY_TEXT as T } from '@/features/topology/topology-text';
import { linkTrafficText } from '@/features/topology/topology-traffic';

const toPoints = (link: TRoutedLink) => link.points.map((p) => `${p.x},${p.y}`).join(' ');

/** A connection: WAN heavier, Wi-Fi dashed, Ethernet solid. */
export function TopologyLinkLine({ link }: { link: TRoutedLink }) {
  const stroke = LINK_STROKES[link.type];
  return (
    <polyline
      points={toPoints(link)}
      fill="none"
      stroke={stroke.colour}
      strokeWidth={stroke.width}
      strokeDasharray={stroke.dash}
      strokeLinejoin="round"
      data-testid="topology-link"
      data-link-type={link.type}
      data-traffic={link.traffic ?? 'none'}
    />
  );
}

/** The link's measured traffic percentage, coloured by level; nothing on a link none measured. */
export function TrafficLabel({ link }: { link: TRoutedLink }) {
  if (link.traffic === null) return null;
  const colour = trafficColour(link.traffic);
  return (
    <g
      transform={`translate(${link.labelAt.x} ${link.labelAt.y})`}
      data-testid="traffic-label"
      data-level={trafficLevel(link.traffic)}
    >
      <title>{`${LINK_LABELS[link.type]}: ${linkTrafficText(link)}. ${T.trafficDefinition}`}</title>
      <rect x={-17} y={-9} width={34} height={18} rx={9} fill="#ffffff" stroke={colour} />
      <text textAnchor="middle" y={3.5} fontSize={10} fontWeight={600} fill={colour}>
        {`${link.traffic}%`}
      </text>
    </g>
  );
}

const FLOW_PERIOD = 16;

/** Dashes moving along a link, faster the larger its share; part of the live view only. */
export function TrafficFlow({ link, tick }: { link: TRoutedLink; tick: number }) {
  if (!link.traffic) return null;
  const offset = -((tick * (0.5 + link.traffic / 25)) % FLOW_PERIOD);
  return (
    <polyline
      points={toPoints(link)}
      fill="none"
      stroke={trafficColour(link.traffic)}
      strokeOpacity={0.8}
      strokeWidth={2}
      strokeLinecap="round"
      strokeDasharray={`2 ${FLOW_PERIOD - 2}`}
      strokeDashoffset={offset}
      pointerEvents="none"
    />
  );
}
