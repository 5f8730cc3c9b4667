// Where a display-filter field is found in a packet. A field `proto.x` lives in the layers named
// `proto` (the dissectors keep that convention), so a lookup scans only those layers' fields.
import type { FieldValue, ValueTest } from './display-filter-values.ts';
import type { TPacket } from './packets.ts';

/** Protocol names a filter may test or prefix a field with (the dissectors' layer names). */
export const FILTER_PROTOCOLS: ReadonlySet<string> = new Set([
  'frame',
  'eth',
  'sll',
  'vlan',
  'arp',
  'ip',
  'ipv6',
  'tcp',
  'udp',
  'icmp',
  'icmpv6',
  'dns',
  'http',
  'tls',
  'ssh',
  'ftp',
  'dhcp',
  'ftp-data',
  'null',
  'data',
  'malformed',
]);

// Wireshark's "either direction" fields: ip.addr matches ip.src or ip.dst, and so on.
const ALIASES: Record<string, readonly string[]> = {
  'eth.addr': ['eth.src', 'eth.dst'],
  'ip.addr': ['ip.src', 'ip.dst'],
  'ipv6.addr': ['ipv6.src', 'ipv6.dst'],
  'tcp.port': ['tcp.srcport', 'tcp.dstport'],
  'udp.port': ['udp.srcport', 'udp.dstport'],
};

// Frame fields every packet has at top level, so they work on packets without layers too.
const FRAME_FIELDS: Record<string, (packet: TPacket) => FieldValue> = {
  'frame.len': (p) => p.length,
  'frame.cap_len': (p) => p.captured_length,
  'frame.number': (p) => p.id,
  'frame.time_epoch': (p) => p.time,
};

// Protocol column names of packets with no layers (the Demo source), as filter protocol names.
const COLUMN_ALIASES: Record<string, string> = { https: 'tls', ipv4: 'ip' };
const VERSIONED = new Set(['tls', 'ssh']);

/** Whether any value of `field` in the packet passes `test` (Wireshark's "any" semantics). */
export type FieldLookup = (packet: TPacket, test: ValueTest) => boolean;

/** Builds the lookup of one field name, validated by the caller. */
export function fieldLookup(field: string): FieldLookup {
  const frame = FRAME_FIELDS[field];
  if (frame) return (packet, test) => test(frame(packet));
  const layerName = field.slice(0, field.indexOf('.'));
  const names = ALIASES[field] ?? [field];
  const first = names[0]!;
  const second = names[1] ?? first;
  return (packet, test) => {
    for (const layer of packet.layers) {
      if (layer.name !== layerName) continue;
      for (const f of layer.fields) {
        if ((f.name === first || f.name === second) && test(f.value)) return true;
      }
    }
    return false;
  };
}

/** Whether a packet has a layer of the protocol (or, with no layers, that Protocol column). */
export function protocolPresence(protocol: string): (packet: TPacket) => boolean {
  if (protocol === 'frame') return () => true;
  return (packet) => {
    const { layers } = packet;
    if (layers.length === 0) {
      const column = packet.protocol.toLowerCase();
      const name = COLUMN_ALIASES[column] ?? column;
      // TLSv1.3 and SSHv2 are the tls and ssh protocols.
      return name === protocol || (VERSIONED.has(protocol) && name.startsWith(`${protocol}v`));
    }
    for (const layer of layers) if (layer.name === protocol) return true;
    return false;
  };
}
