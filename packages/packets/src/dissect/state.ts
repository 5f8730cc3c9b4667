// The packet being dissected: each layer dissector appends its layer and, unless it is quoted
// inside an ICMP error, overwrites the columns, so the highest protocol names the packet.
import type { TPacketField, TPacketLayer } from '@netguard/contracts';
import type { Frame } from '../types.ts';
import type { DissectContext } from './context.ts';

export type Dissection = {
  readonly frame: Frame;
  readonly data: Uint8Array;
  readonly context: DissectContext | undefined;
  layers: TPacketLayer[];
  protocol: string;
  info: string;
  source: string;
  destination: string;
  flags: string[];
  /** The link layer said the frame was sent by this host (Linux SLL packet type 4). */
  outgoing: boolean;
  /** Set while dissecting the headers an ICMP error quotes: layers only, columns untouched. */
  quoted: boolean;
  /** IPv4 TTL or IPv6 hop limit of the outermost IP header, for ICMP echo infos. */
  ttl: number;
  /** Outermost network addresses, for conversation state. */
  netSource: string;
  netDestination: string;
  /** The TCP segment: direction key, raw sequence number, payload length, FIN flag. */
  segment: {
    key: string;
    seq: number;
    length: number;
    fin: boolean;
    retransmitted?: boolean;
  } | null;
};

/** Builds one layer field. */
export function field(name: string, label: string, value: string | number | boolean): TPacketField {
  return { name, label, value };
}

/** Appends a layer and returns its field list to fill. */
export function addLayer(d: Dissection, name: string, summary: string): TPacketField[] {
  const fields: TPacketField[] = [];
  d.layers.push({ name, summary, fields });
  return fields;
}

/** Sets the Protocol and Info columns, unless the layer is quoted inside an ICMP error. */
export function setColumns(d: Dissection, protocol: string, info: string) {
  if (d.quoted) return;
  d.protocol = protocol;
  d.info = info;
}

/**
 * Sets the Source and Destination columns from an IP header, unless quoted inside an ICMP error;
 * the outermost IP header also gives the network addresses and TTL (tunnels keep the outer ones).
 */
export function setAddresses(d: Dissection, src: string, dst: string, ttl: number) {
  if (d.quoted) return;
  d.source = src;
  d.destination = dst;
  if (d.netSource) return;
  d.ttl = ttl;
  d.netSource = src;
  d.netDestination = dst;
}

/**
 * Records that `protocol` ran past the captured bytes: Wireshark's "[Packet size limited during
 * capture]" when the capture was cut by the snap length, "[Malformed Packet]" otherwise.
 */
export function truncated(d: Dissection, protocol: string) {
  const limited = d.frame.capturedLength < d.frame.originalLength;
  const summary = limited
    ? `[Packet size limited during capture: ${protocol} truncated]`
    : `[Malformed Packet: ${protocol}]`;
  d.layers.push({ name: 'malformed', summary, fields: [field('malformed', 'Malformed', true)] });
  if (d.quoted || limited) return;
  d.protocol = protocol;
  // Wireshark appends the marker with no space: "Standard query 0x1a2b[Malformed Packet]".
  d.info = `${d.info}[Malformed Packet]`;
}
