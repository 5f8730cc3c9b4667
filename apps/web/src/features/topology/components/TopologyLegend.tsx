import { TOPOLOGY_TRAFFIC_THRESHOLDS as LIMITS } from '@netguard/contracts';
import {
  LINK_STROKES,
  STATUS_COLOURS,
  TRAFFIC_COLOURS,
} from '@/features/topology/topology-colours';
import { LINK_LABELS, STATUS_LABELS, TOPOLOGY_TEXT as T } from '@/features/topology/topology-text';

const STATUSES = ['online', 'warning', 'offline'] as const;
const LINKS = ['ethernet', 'wifi'] as const;
const TRAFFIC = [
  { level: 'low', text: `≤${LIMITS.medium}%` },
  { level: 'medium', text: `>${LIMITS.medium}%` },
  { level: 'high', text: `>${LIMITS.high}%` },
] as const;

/** Online, Warning, Offline, Ethernet and WiFi, then the traffic colours and what traffic means. */
export function TopologyLegend() {
  return (
    <div className="space-y-2 text-xs" data-testid="topology-legend">
      <ul className="flex flex-wrap items-center gap-x-4 gap-y-1" aria-label={T.legend}>
        {STATUSES.map((status) => (
          <li key={status} className="flex items-center gap-1.5">
            <span className="size-3 rounded-full" style={{ background: STATUS_COLOURS[status] }} />
            {STATUS_LABELS[status]}
          </li>
        ))}
        {LINKS.map((type) => (
          <li key={type} className="flex items-center gap-1.5">
            <svg width="24" height="6" aria-hidden="true">
              <line
                x1="0"
                y1="3"
                x2="24"
                y2="3"
                stroke={LINK_STROKES[type].colour}
                strokeWidth={LINK_STROKES[type].width}
                strokeDasharray={LINK_STROKES[type].dash}
              />
            </svg>
            {LINK_LABELS[type]}
          </li>
        ))}
        {TRAFFIC.map(({ level, text }) => (
          <li key={level} className="flex items-center gap-1.5">
            <span className="font-semibold" style={{ color: TRAFFIC_COLOURS[level] }}>
              {text}
            </span>
          </li>
        ))}
      </ul>
      <p className="text-muted-foreground">{T.trafficDefinition}</p>
    </div>
  );
}
