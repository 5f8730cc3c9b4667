import { z } from 'zod';
import { textField } from './text-field.ts';
import { VALIDATION_MESSAGES as M } from './validation.ts';

/** Packet capture limits: the live view keeps 1000 packets (spec part 1 §9); uploads up to 200 MB. */
export const PACKET_LIMITS = {
  maxLivePackets: 1000,
  maxUploadBytes: 200 * 1024 * 1024,
  defaultPageSize: 200,
  maxPageSize: 1000,
  /** Frame bytes sent to the browser per packet (the Payload tab and live export). */
  maxPayloadBytes: 4096,
  /** Stored capture files per organization. */
  maxCapturesPerOrganization: 20,
  /** A live capture stops by itself after this long. */
  maxLiveCaptureSeconds: 3600,
  /** Live packets are sent in batches at most this often. */
  liveBatchMs: 250,
  maxFilterLength: 500,
} as const;

/** The client-side Demo source: the prototype's simulator constants (spec part 1 §9). */
export const PACKET_SIMULATOR = {
  minLength: 64,
  maxLength: 1563,
  minPacketsPerSecond: 10,
  maxPacketsPerSecond: 59,
  minIntervalMs: 1000,
  maxIntervalMs: 3000,
  protocols: ['HTTP', 'HTTPS', 'DNS', 'ICMP', 'SSH', 'FTP', 'TCP', 'UDP'],
} as const;

export const PACKET_LIST_HEIGHT_PX = 600;
export const PACKET_TOP_HOSTS = 5;

/** Toasts of the capture states (spec part 1 §4). */
export const PACKET_MESSAGES = {
  started: 'Packet capture started',
  stopped: 'Packet capture stopped',
  cleared: 'Packets cleared',
} as const;

export const PACKET_SOURCES = ['live', 'file', 'demo'] as const;
export type TPacketSource = (typeof PACKET_SOURCES)[number];

/**
 * One dissected protocol layer. Field names are Wireshark's display-filter names (`ip.src`,
 * `tcp.dstport`, `dns.qry.name`), so the same display filter runs in the browser and on the server.
 */
export const ZPacketField = z.object({
  name: z.string(),
  label: z.string(),
  value: z.union([z.string(), z.number(), z.boolean()]),
});
export type TPacketField = z.infer<typeof ZPacketField>;

export const ZPacketLayer = z.object({
  /** Lower-case protocol name as a display filter uses it: eth, sll, vlan, arp, ip, ipv6, tcp, udp, icmp, icmpv6, dns, http, tls, ssh, ftp, dhcp. */
  name: z.string(),
  /** One line, like a Wireshark tree header: "Internet Protocol Version 4, Src: 127.0.0.1, Dst: 127.0.0.2". */
  summary: z.string(),
  fields: z.array(ZPacketField),
});
export type TPacketLayer = z.infer<typeof ZPacketLayer>;

/** A packet as the spec's Packet entity, plus its layers and frame bytes. */
export const ZPacket = z.object({
  /** Frame number, 1-based, as in Wireshark. */
  id: z.number().int().min(1),
  /** Capture time as epoch seconds with sub-second precision. */
  time: z.number(),
  /** The same time as ISO 8601. */
  timestamp: z.string(),
  source: z.string(),
  destination: z.string(),
  /** The highest dissected protocol, as Wireshark's Protocol column names it (TCP, DNS, HTTP, TLSv1.3, SSHv2...). */
  protocol: z.string(),
  /** Frame length on the wire in bytes. */
  length: z.number().int().min(0),
  /** A Wireshark-like Info column. */
  info: z.string(),
  /** Hex of the captured frame bytes, at most PACKET_LIMITS.maxPayloadBytes. */
  payload: z.string(),
  /** TCP flags set (SYN, ACK, FIN, RST, PSH, URG, ECE, CWR); empty for other packets. */
  flags: z.array(z.string()),
  type: z.enum(['incoming', 'outgoing']),
  layers: z.array(ZPacketLayer),
  /** pcap LINKTYPE_* of the frame (1 Ethernet, 113 Linux SLL, 276 SLL2, 101 raw IP...). */
  link_type: z.number().int().min(0).max(65535),
  captured_length: z.number().int().min(0),
});
export type TPacket = z.infer<typeof ZPacket>;

export const ZPacketCount = z.object({
  packets: z.number().int(),
  bytes: z.number().int(),
});

/** Distribution, top hosts, conversations and the packets-per-second series of a set of packets. */
export const ZPacketStats = z.object({
  packets: z.number().int(),
  bytes: z.number().int(),
  first_time: z.number().nullable(),
  last_time: z.number().nullable(),
  protocols: z.array(ZPacketCount.extend({ protocol: z.string() })),
  top_hosts: z.array(ZPacketCount.extend({ host: z.string() })),
  conversations: z.array(ZPacketCount.extend({ a: z.string(), b: z.string() })),
  /** Packets per whole second since first_time, oldest first. */
  per_second: z.array(z.object({ second: z.number().int(), packets: z.number().int() })),
});
export type TPacketStats = z.infer<typeof ZPacketStats>;

export const CAPTURE_FILE_STATUSES = ['ready', 'failed'] as const;

/** An uploaded capture file. */
export const ZCaptureFile = z.object({
  id: z.uuid(),
  name: z.string(),
  format: z.enum(['pcap', 'pcapng']),
  size_bytes: z.number().int(),
  packet_count: z.number().int(),
  link_types: z.array(z.number().int()),
  stats: ZPacketStats,
  created_at: z.string(),
});
export type TCaptureFile = z.infer<typeof ZCaptureFile>;

export const ZCaptureFileList = z.object({ captures: z.array(ZCaptureFile.omit({ stats: true })) });

/** `:id` of a capture file route. */
export const ZCaptureIdParams = z.object({ id: z.uuid(M.uuid) });

/** A capture file name as the upload sends it (?name=). */
export const ZCaptureUploadQuery = z.object({
  name: textField()
    .trim()
    .min(1, 'File name is required')
    .max(200, 'File name is too long (200 characters at most)'),
});

const displayFilterText = textField()
  .trim()
  .max(
    PACKET_LIMITS.maxFilterLength,
    `Filter is too long (${PACKET_LIMITS.maxFilterLength} characters at most)`,
  );

/** Filters of a packet list: the spec's text search and protocol select, plus a display filter. */
export const ZPacketFilterQuery = z.object({
  search: textField().trim().max(200, 'Search is too long (200 characters at most)').optional(),
  protocol: textField().trim().max(32, 'Protocol is too long').optional(),
  filter: displayFilterText.optional(),
});
export type TPacketFilterQuery = z.infer<typeof ZPacketFilterQuery>;

export const ZPacketPageQuery = ZPacketFilterQuery.extend({
  offset: z.coerce.number().int().min(0).default(0),
  limit: z.coerce
    .number()
    .int()
    .min(1)
    .max(PACKET_LIMITS.maxPageSize)
    .default(PACKET_LIMITS.defaultPageSize),
});
export type TPacketPageQuery = z.infer<typeof ZPacketPageQuery>;

export const ZPacketPage = z.object({
  packets: z.array(ZPacket),
  /** Packets matching the filters in the whole capture. */
  total: z.number().int(),
  offset: z.number().int(),
  limit: z.number().int(),
});
export type TPacketPage = z.infer<typeof ZPacketPage>;

const hexFrame = textField()
  .max(PACKET_LIMITS.maxPayloadBytes * 2)
  .regex(/^(?:[0-9a-f]{2})*$/i, 'Frame bytes must be hex');

/** Live packets the browser holds, written back as a pcap file by POST /api/packets/export. */
export const ZPacketExportRequest = z.object({
  link_type: z.number().int().min(0).max(65535),
  packets: z
    .array(
      z.object({
        time: z.number().min(0),
        length: z.number().int().min(0).max(262_144),
        payload: hexFrame,
      }),
    )
    .min(1, 'There are no packets to export')
    .max(PACKET_LIMITS.maxLivePackets),
});
export type TPacketExportRequest = z.infer<typeof ZPacketExportRequest>;

export const ZCaptureInterface = z.object({
  name: z.string(),
  description: z.string(),
  addresses: z.array(z.string()),
});

/** Whether the caller may capture live on this server, and where. */
export const ZCaptureCapability = z.object({
  can_capture: z.boolean(),
  /** Why not, in words the page shows; null when capture is possible. */
  reason: z.string().nullable(),
  interfaces: z.array(ZCaptureInterface),
});
export type TCaptureCapability = z.infer<typeof ZCaptureCapability>;

/** WebSocket of live capture. */
export const PACKETS_LIVE_PATH = '/api/packets/live';

export const ZLiveCaptureStart = z.object({
  interface: textField()
    .trim()
    .min(1, 'Choose an interface')
    .max(64)
    .regex(/^[A-Za-z0-9._:@-]+$/, 'Interface names have letters, digits and . _ : @ - only'),
  /** A tcpdump (BPF) capture filter; empty captures everything. */
  bpf: textField().trim().max(PACKET_LIMITS.maxFilterLength).default(''),
});
export type TLiveCaptureStart = z.infer<typeof ZLiveCaptureStart>;

export const ZLiveClientMessage = z.discriminatedUnion('type', [
  z.object({ type: z.literal('auth'), access_token: textField().min(1).max(4096) }),
  z.object({ type: z.literal('start') }).extend(ZLiveCaptureStart.shape),
  z.object({ type: z.literal('stop') }),
  z.object({ type: z.literal('ping') }),
]);
export type TLiveClientMessage = z.infer<typeof ZLiveClientMessage>;

export const ZLiveServerMessage = z.discriminatedUnion('type', [
  z.object({ type: z.literal('ready') }),
  z.object({ type: z.literal('started'), interface: z.string(), bpf: z.string() }),
  z.object({
    type: z.literal('packets'),
    packets: z.array(ZPacket),
    /**
     * Packets the server dropped since the previous batch because the connection could not keep
     * up (it keeps the newest); absent when none were.
     */
    dropped: z.number().int().min(1).optional(),
  }),
  /** The capture ended: by request (reason null), time limit, tcpdump exit or error. */
  z.object({ type: z.literal('stopped'), reason: z.string().nullable() }),
  z.object({ type: z.literal('error'), message: z.string() }),
  z.object({ type: z.literal('pong') }),
]);
export type TLiveServerMessage = z.infer<typeof ZLiveServerMessage>;
