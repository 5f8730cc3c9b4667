import { z } from 'zod';
import { isIPv4 } from './ipv4.ts';
import { textField } from './text-field.ts';

/** Node types, statuses and link types of the topology diagram (spec part 1 §3). */
export const TOPOLOGY_NODE_TYPES = ['internet', 'firewall', 'router', 'server', 'client'] as const;
export const TOPOLOGY_NODE_STATUSES = ['online', 'offline', 'warning'] as const;
export const TOPOLOGY_LINK_TYPES = ['wan', 'ethernet', 'wifi'] as const;
export const TOPOLOGY_ZONES = ['trusted', 'dmz', 'external'] as const;

/** The diagram's drawing area in SVG units (spec part 1: 800x500). */
export const TOPOLOGY_SIZE = { width: 800, height: 500 } as const;
/** Traffic above `high` percent is red, above `medium` amber, otherwise green (spec part 1 §9). */
export const TOPOLOGY_TRAFFIC_THRESHOLDS = { high: 70, medium: 40 } as const;
/** The diagram's refresh tick (spec part 1 §9): NetGuard advances the link-flow animation on it. */
export const TOPOLOGY_REFRESH_MS = 100;

/** How link traffic is defined, shown in the legend and kept in exports. */
export const TOPOLOGY_TRAFFIC_DEFINITION =
  'Traffic is the share of an uploaded capture’s bytes that crossed the link, from the newest capture that saw both ends of it; links no capture covers show no traffic measured.';
/** What a link, or the summary, says when no capture covers it. */
export const TOPOLOGY_NO_TRAFFIC = 'No traffic measured';

export const ZTopologyNodeType = z.enum(TOPOLOGY_NODE_TYPES);
export type TTopologyNodeType = z.infer<typeof ZTopologyNodeType>;
export const ZTopologyNodeStatus = z.enum(TOPOLOGY_NODE_STATUSES);
export type TTopologyNodeStatus = z.infer<typeof ZTopologyNodeStatus>;
export const ZTopologyLinkType = z.enum(TOPOLOGY_LINK_TYPES);
export type TTopologyLinkType = z.infer<typeof ZTopologyLinkType>;

/**
 * A device of the diagram. `inferred` marks a node no scan saw itself (a segment's gateway, the
 * core joining segments); `ip` is then the range it routes. Positions are laid out by the web app.
 */
export const ZTopologyNode = z.object({
  id: z.string(),
  type: ZTopologyNodeType,
  label: z.string(),
  ip: z.string(),
  status: ZTopologyNodeStatus,
  connections: z.array(z.string()),
  segment: z.string(),
  inferred: z.boolean(),
  hostname: z.string().nullable(),
  /** Open services the latest scan that saw the host found on it. */
  services: z.number().int(),
  /** Open high or critical vulnerabilities with no completed mitigation. */
  risks: z.number().int(),
  last_seen_at: z.string().nullable(),
});
export type TTopologyNode = z.infer<typeof ZTopologyNode>;

/**
 * A connection between two nodes. `traffic` is a percent of a capture's bytes (see
 * TOPOLOGY_TRAFFIC_DEFINITION); null, with the other traffic members, when no capture covers it.
 */
export const ZTopologyLink = z.object({
  from: z.string(),
  to: z.string(),
  type: ZTopologyLinkType,
  traffic: z.number().int().min(0).max(100).nullable(),
  /** Bytes the capture saw cross the link. */
  traffic_bytes: z.number().int().min(0).nullable(),
  /** The name of the capture that measured it. */
  traffic_capture: z.string().nullable(),
});
export type TTopologyLink = z.infer<typeof ZTopologyLink>;

export const ZTopologySegment = z.object({
  id: z.string(),
  name: z.string(),
  /** A qualifier shown after the name in brackets, e.g. "Limited". */
  note: z.string().nullable(),
  zone: z.enum(TOPOLOGY_ZONES),
  devices: z.number().int(),
});
export type TTopologySegment = z.infer<typeof ZTopologySegment>;

/** Security zones (spec part 1): Trusted (Secure), DMZ (Monitored), External (Untrusted). */
export const TOPOLOGY_ZONE_LABELS = {
  trusted: { name: 'Trusted', level: 'Secure' },
  dmz: { name: 'DMZ', level: 'Monitored' },
  external: { name: 'External', level: 'Untrusted' },
} as const satisfies Record<(typeof TOPOLOGY_ZONES)[number], { name: string; level: string }>;

export const ZTopologyZone = z.object({
  id: z.enum(TOPOLOGY_ZONES),
  segments: z.number().int(),
});
export type TTopologyZone = z.infer<typeof ZTopologyZone>;

/** Figures of the summary cards, counted over what the diagram draws. */
export const ZTopologySummary = z.object({
  /** Devices a scan saw (or the sample's); inferred gateways and the core are not counted. */
  devices: z.number().int(),
  online: z.number().int(),
  warning: z.number().int(),
  offline: z.number().int(),
  segments: z.number().int(),
  /** Links whose two ends are not offline. */
  connections: z.number().int(),
  /** Mean traffic of the drawn links a capture measured, in percent; null when none was. */
  average_traffic: z.number().int().nullable(),
  /** Drawn links with a traffic figure: measured by a capture (the sample's are illustrative). */
  measured_links: z.number().int(),
});
export type TTopologySummary = z.infer<typeof ZTopologySummary>;

/**
 * GET /api/topology: the organization's network as its scans saw it, or the labelled sample
 * (`source: 'sample'`) while it has no scan data.
 */
export const ZTopologyGraph = z.object({
  source: z.enum(['scans', 'sample']),
  nodes: z.array(ZTopologyNode),
  links: z.array(ZTopologyLink),
  segments: z.array(ZTopologySegment),
  zones: z.array(ZTopologyZone),
  summary: ZTopologySummary,
  /** Hosts the scans found (the diagram draws at most TOPOLOGY_MAX_HOSTS of them). */
  hosts_found: z.number().int(),
  hosts_drawn: z.number().int(),
  latest_scan_at: z.string().nullable(),
});
export type TTopologyGraph = z.infer<typeof ZTopologyGraph>;

/** Most hosts drawn in segments the 800x500 diagram can hold; the rest are counted, not drawn. */
export const TOPOLOGY_MAX_HOSTS = 24;
export const TOPOLOGY_MAX_SEGMENTS = 6;

const M = {
  host: 'Host must be an IPv4 address, such as 192.0.2.10',
  layout: 'Layout must be hierarchical or radial',
  flag: 'Must be true or false',
};

/** POST /api/topology/ping and /api/topology/port-scan: one host of the caller's scan data. */
export const ZTopologyHostBody = z.strictObject({
  host: textField({ error: M.host }).trim().max(15, M.host).refine(isIPv4, M.host),
});
export type TTopologyHostBody = z.infer<typeof ZTopologyHostBody>;

/** A TCP reachability probe: a connection accepted or refused both prove the host answers. */
export const ZTopologyPingResult = z.object({
  host: z.string(),
  reachable: z.boolean(),
  /** Round trip of the fastest answer, in milliseconds. */
  rtt_ms: z.number().nullable(),
  /** The port that answered first, and how. */
  port: z.number().int().nullable(),
  port_state: z.enum(['open', 'closed']).nullable(),
  probed_ports: z.array(z.number().int()),
});
export type TTopologyPingResult = z.infer<typeof ZTopologyPingResult>;

export const TOPOLOGY_LAYOUTS = ['hierarchical', 'radial'] as const;
export type TTopologyLayout = (typeof TOPOLOGY_LAYOUTS)[number];
const flag = z.boolean({ error: M.flag });

/** GET/PUT /api/topology/settings: a user's layout options. */
export const ZTopologySettings = z.strictObject({
  layout: z.enum(TOPOLOGY_LAYOUTS, { error: M.layout }),
  show_ip: flag,
  show_traffic: flag,
  animate_traffic: flag,
});
export type TTopologySettings = z.infer<typeof ZTopologySettings>;

export const DEFAULT_TOPOLOGY_SETTINGS: TTopologySettings = {
  layout: 'hierarchical',
  show_ip: true,
  show_traffic: true,
  animate_traffic: true,
};

/** Messages of the topology API. */
export const TOPOLOGY_MESSAGES = {
  unknownHost: (host: string) =>
    `Host ${host} is not in your organization's scan data. Scan it first.`,
  probeDenied: 'Insufficient permissions to probe hosts',
} as const;
