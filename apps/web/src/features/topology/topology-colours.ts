import {
  TOPOLOGY_TRAFFIC_THRESHOLDS,
  type TTopologyLinkType,
  type TTopologyNodeStatus,
} from '@netguard/contracts';

// Plain colour values, not CSS classes: the exported SVG must look the same outside the app.
export const STATUS_COLOURS: Record<TTopologyNodeStatus, string> = {
  online: '#22c55e',
  warning: '#f59e0b',
  offline: '#ef4444',
};

export const TRAFFIC_COLOURS = { high: '#dc2626', medium: '#d97706', low: '#16a34a' } as const;
export type TTrafficLevel = keyof typeof TRAFFIC_COLOURS;

/** Above 70 percent is high (red), above 40 medium (amber), anything else low (green). */
export function trafficLevel(percent: number): TTrafficLevel {
  if (percent > TOPOLOGY_TRAFFIC_THRESHOLDS.high) return 'high';
  if (percent > TOPOLOGY_TRAFFIC_THRESHOLDS.medium) return 'medium';
  return 'low';
}

export function trafficColour(percent: number): string {
  return TRAFFIC_COLOURS[trafficLevel(percent)];
}

type LinkStroke = { colour: string; width: number; dash: string | undefined };

/** WAN links are heavier, Wi-Fi links are dashed, Ethernet links are solid. */
export const LINK_STROKES: Record<TTopologyLinkType, LinkStroke> = {
  wan: { colour: '#64748b', width: 3, dash: undefined },
  ethernet: { colour: '#94a3b8', width: 2, dash: undefined },
  wifi: { colour: '#94a3b8', width: 2, dash: '6 4' },
};
