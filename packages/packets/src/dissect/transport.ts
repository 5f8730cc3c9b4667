// What an IP header carries, by protocol number.
import { dissectIcmp } from './icmp.ts';
import { dissectIcmpv6 } from './icmpv6.ts';
import { dissectIpv4 } from './ipv4.ts';
import { dissectIpv6 } from './ipv6.ts';
import { type Dissection, setColumns } from './state.ts';
import { dissectTcp } from './tcp.ts';
import { dissectUdp } from './udp.ts';

/** IANA protocol numbers as Wireshark names them in "Fragmented IP protocol (proto=UDP 17...)". */
export const IP_PROTOCOL_NAMES: Record<number, string> = {
  0: 'IPv6 Hop-by-Hop Option',
  1: 'ICMP',
  2: 'IGMP',
  4: 'IPIP',
  6: 'TCP',
  17: 'UDP',
  41: 'IPv6',
  47: 'GRE',
  50: 'ESP',
  51: 'AH',
  58: 'ICMPv6',
  59: 'IPv6 No Next Header',
  89: 'OSPF IGP',
  103: 'PIM',
  112: 'VRRP',
  132: 'SCTP',
};

/** Dissects the transport in [at, end) of an IPv4 (`ipv6` false) or IPv6 packet. */
export function dissectTransport(
  d: Dissection,
  protocol: number,
  at: number,
  end: number,
  ipv6: boolean,
) {
  if (protocol === 6) return dissectTcp(d, at, end);
  if (protocol === 17) return dissectUdp(d, at, end);
  if (protocol === 1 && !ipv6) return dissectIcmp(d, at, end);
  if (protocol === 58) return dissectIcmpv6(d, at, end);
  if (protocol === 4) return dissectIpv4(d, at);
  if (protocol === 41) return dissectIpv6(d, at);
  const name = IP_PROTOCOL_NAMES[protocol] ?? 'Unknown';
  setColumns(d, ipv6 ? 'IPv6' : 'IPv4', `${name} (${protocol})`);
}
