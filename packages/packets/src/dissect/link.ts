// Link layers: Ethernet II (with 802.1Q / 802.1ad VLAN tags), Linux cooked captures v1 and v2,
// BSD null/loopback and raw IP. Each hands its payload to the network layer by EtherType.
import { dissectArp } from './arp.ts';
import { be16, be32, hexId, macText } from './bytes.ts';
import { dissectIpv4 } from './ipv4.ts';
import { dissectIpv6 } from './ipv6.ts';
import { addLayer, type Dissection, field, setColumns, truncated } from './state.ts';

export const LINKTYPE = {
  null: 0,
  ethernet: 1,
  rawBsd: 12,
  raw: 101,
  loop: 108,
  sll: 113,
  ipv4: 228,
  ipv6: 229,
  sll2: 276,
} as const;

const VLAN_TYPES = new Set([0x8100, 0x88a8, 0x9100]);
const ETHERTYPE_NAMES: Record<number, string> = {
  2048: 'IPv4',
  2054: 'ARP',
  34525: 'IPv6',
  33024: '802.1Q Virtual LAN',
  34984: '802.1ad Provider Bridge (Q-in-Q)',
};
const SLL_PACKET_TYPES = [
  'Unicast to us',
  'Broadcast',
  'Multicast',
  'Unicast to another host',
  'Sent by us',
];

/** Dissects from the link-layer header of the frame's link type. */
export function dissectLink(d: Dissection) {
  const { data } = d;
  switch (d.frame.linkType) {
    case LINKTYPE.ethernet:
      return dissectEthernet(d);
    case LINKTYPE.sll:
      return dissectSll(d);
    case LINKTYPE.sll2:
      return dissectSll2(d);
    case LINKTYPE.null:
    case LINKTYPE.loop:
      return dissectNull(d);
    case LINKTYPE.raw:
    case LINKTYPE.rawBsd:
      if (data.length === 0) return truncated(d, 'Raw');
      return dissectEtherType(d, data[0]! >> 4 === 6 ? 0x86dd : 0x0800, 0);
    case LINKTYPE.ipv4:
      return dissectIpv4(d, 0);
    case LINKTYPE.ipv6:
      return dissectIpv6(d, 0);
    default:
      setColumns(
        d,
        `LINKTYPE ${d.frame.linkType}`,
        `Link type ${d.frame.linkType} is not dissected`,
      );
  }
}

function dissectEthernet(d: Dissection) {
  const { data } = d;
  if (data.length < 14) return truncated(d, 'Ethernet');
  const dst = macText(data, 0);
  const src = macText(data, 6);
  const type = be16(data, 12);
  // Addresses as `tshark -n` shows them: no "Broadcast" or vendor names.
  d.source = src;
  d.destination = dst;
  addLayer(d, 'eth', `Ethernet II, Src: ${src}, Dst: ${dst}`).push(
    field('eth.dst', 'Destination', dst),
    field('eth.src', 'Source', src),
    field('eth.type', 'Type', type),
  );
  dissectEtherType(d, type, 14);
}

/** Dispatches on an EtherType; `at` is where its payload starts. */
export function dissectEtherType(d: Dissection, type: number, at: number) {
  if (type === 0x0800) return dissectIpv4(d, at);
  if (type === 0x86dd) return dissectIpv6(d, at);
  if (type === 0x0806) return dissectArp(d, at);
  if (VLAN_TYPES.has(type)) return dissectVlan(d, at);
  const hex = hexId(type, 4);
  setColumns(d, type < 0x0600 ? 'LLC' : hex, ETHERTYPE_NAMES[type] ?? `Ethertype ${hex}`);
  addLayer(d, 'data', `Data (${d.data.length - at} bytes)`).push(
    field('data.len', 'Length', d.data.length - at),
  );
}

function dissectVlan(d: Dissection, at: number) {
  const { data } = d;
  if (data.length < at + 4) return truncated(d, 'VLAN');
  const tci = be16(data, at);
  const type = be16(data, at + 2);
  const priority = tci >> 13;
  const id = tci & 0x0fff;
  addLayer(
    d,
    'vlan',
    `802.1Q Virtual LAN, PRI: ${priority}, DEI: ${(tci >> 12) & 1}, ID: ${id}`,
  ).push(
    field('vlan.priority', 'Priority', priority),
    field('vlan.dei', 'DEI', (tci >> 12) & 1),
    field('vlan.id', 'ID', id),
    field('vlan.etype', 'Type', type),
  );
  setColumns(d, '802.1Q', `PRI: ${priority}  DEI: ${(tci >> 12) & 1}  ID: ${id}`);
  dissectEtherType(d, type, at + 4);
}

function sllLayer(
  d: Dissection,
  version: 1 | 2,
  packetType: number,
  hwType: number,
  addrLen: number,
  addrAt: number,
  protocol: number,
  ifindex: number | null,
) {
  const address = addrLen === 6 ? macText(d.data, addrAt) : null;
  d.outgoing = packetType === 4;
  if (address) d.source = address;
  const fields = addLayer(d, 'sll', `Linux cooked capture v${version}`);
  fields.push(
    field('sll.pkttype', 'Packet type', SLL_PACKET_TYPES[packetType] ?? String(packetType)),
    field('sll.hatype', 'Link-layer address type', hwType),
    field('sll.halen', 'Link-layer address length', addrLen),
  );
  if (address) fields.push(field('sll.src.eth', 'Source', address));
  if (ifindex !== null) fields.push(field('sll.ifindex', 'Interface index', ifindex));
  fields.push(field('sll.etype', 'Protocol', protocol));
}

function dissectSll(d: Dissection) {
  const { data } = d;
  if (data.length < 16) return truncated(d, 'SLL');
  const protocol = be16(data, 14);
  sllLayer(d, 1, be16(data, 0), be16(data, 2), be16(data, 4), 6, protocol, null);
  dissectEtherType(d, protocol, 16);
}

function dissectSll2(d: Dissection) {
  const { data } = d;
  if (data.length < 20) return truncated(d, 'SLL');
  const protocol = be16(data, 0);
  sllLayer(d, 2, data[10]!, be16(data, 8), data[11]!, 12, protocol, be32(data, 4));
  dissectEtherType(d, protocol, 20);
}

// BSD loopback: a 4-byte address family in the byte order of the capturing host (LINKTYPE_LOOP:
// always big-endian). AF_INET is 2 everywhere; AF_INET6 is 10, 24, 28 or 30 depending on the OS.
function dissectNull(d: Dissection) {
  const { data } = d;
  if (data.length < 4) return truncated(d, 'Null');
  const bigEndian = d.frame.linkType === LINKTYPE.loop || (data[0] === 0 && data[1] === 0);
  const family = bigEndian ? be32(data, 0) : data[0]! | (data[1]! << 8);
  addLayer(d, 'null', 'Null/Loopback').push(field('null.family', 'Family', family));
  if (family === 2) return dissectIpv4(d, 4);
  if (family === 10 || family === 24 || family === 28 || family === 30) return dissectIpv6(d, 4);
  setColumns(d, 'Null', `Unknown address family ${family}`);
}
