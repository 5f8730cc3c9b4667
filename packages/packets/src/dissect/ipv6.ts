// IPv6: fixed header, the common extension headers (hop-by-hop, routing, fragment, destination
// options, AH) skipped to reach the transport, fragments shown as Wireshark shows them.
import type { TPacketField } from '@netguard/contracts';
import { be16, be32, hexId, ipv6Text } from './bytes.ts';
import { addLayer, type Dissection, field, setAddresses, setColumns, truncated } from './state.ts';
import { dissectTransport } from './transport.ts';

const HOP_BY_HOP = 0;
const ROUTING = 43;
const FRAGMENT = 44;
const DESTINATION_OPTIONS = 60;
const AUTHENTICATION = 51;

/** Dissects an IPv6 header at `at` and what it carries. */
export function dissectIpv6(d: Dissection, at: number) {
  const { data } = d;
  setColumns(d, 'IPv6', '');
  if (data.length < at + 40) return truncated(d, 'IPv6');
  const first = be32(data, at);
  const payloadLength = be16(data, at + 4);
  let next = data[at + 6]!;
  const hopLimit = data[at + 7]!;
  const src = ipv6Text(data, at + 8);
  const dst = ipv6Text(data, at + 24);
  const fields = addLayer(d, 'ipv6', `Internet Protocol Version 6, Src: ${src}, Dst: ${dst}`);
  fields.push(
    field('ipv6.version', 'Version', first >>> 28),
    field('ipv6.tclass', 'Traffic Class', (first >>> 20) & 0xff),
    field('ipv6.flow', 'Flow Label', first & 0xfffff),
    field('ipv6.plen', 'Payload Length', payloadLength),
    field('ipv6.nxt', 'Next Header', next),
    field('ipv6.hlim', 'Hop Limit', hopLimit),
    field('ipv6.src', 'Source Address', src),
    field('ipv6.dst', 'Destination Address', dst),
  );
  setAddresses(d, src, dst, hopLimit);
  // A payload length of 0 is a jumbogram or offloaded segment; then the frame decides.
  const end = payloadLength === 0 ? data.length : Math.min(data.length, at + 40 + payloadLength);
  let offset = at + 40;
  for (;;) {
    if (next === HOP_BY_HOP || next === ROUTING || next === DESTINATION_OPTIONS) {
      if (end < offset + 8) return truncated(d, 'IPv6');
      fields.push(field('ipv6.ext', 'Extension header', next));
      next = data[offset]!;
      offset += (data[offset + 1]! + 1) * 8;
    } else if (next === AUTHENTICATION) {
      if (end < offset + 8) return truncated(d, 'IPv6');
      next = data[offset]!;
      offset += (data[offset + 1]! + 2) * 4;
    } else if (next === FRAGMENT) {
      if (end < offset + 8) return truncated(d, 'IPv6');
      return dissectFragment(d, fields, offset, end);
    } else break;
    if (offset > end) return truncated(d, 'IPv6');
  }
  dissectTransport(d, next, offset, end, true);
}

function dissectFragment(d: Dissection, fields: TPacketField[], at: number, end: number) {
  const { data } = d;
  const next = data[at]!;
  const offsetFlags = be16(data, at + 2);
  const fragmentOffset = offsetFlags & 0xfff8;
  const more = (offsetFlags & 1) === 1;
  const id = be32(data, at + 4);
  fields.push(
    field('ipv6.fragment.offset', 'Offset', fragmentOffset),
    field('ipv6.fragment.more', 'More Fragments', more),
    field('ipv6.fragment.id', 'Identification', id),
  );
  setColumns(
    d,
    'IPv6',
    `IPv6 fragment (off=${fragmentOffset} more=${more ? 'y' : 'n'} ident=${hexId(id, 8)} nxt=${next})`,
  );
  if (fragmentOffset > 0) return;
  // The first fragment carries the transport header: its fields, not its columns.
  const wasQuoted = d.quoted;
  d.quoted = true;
  dissectTransport(d, next, at + 8, end, true);
  d.quoted = wasQuoted;
}
