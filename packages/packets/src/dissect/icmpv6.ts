// ICMPv6: errors, echo, router and neighbor discovery, with Wireshark's Info texts.
import { be16, hexId, ipv6Text, macText } from './bytes.ts';
import { matchEcho } from './echo.ts';
import { dissectIpv6 } from './ipv6.ts';
import { addLayer, type Dissection, field, setColumns, truncated } from './state.ts';

const TYPES: Record<number, string> = {
  1: 'Destination Unreachable',
  2: 'Packet Too Big',
  3: 'Time Exceeded',
  4: 'Parameter Problem',
  128: 'Echo (ping) request',
  129: 'Echo (ping) reply',
  130: 'Multicast Listener Query',
  131: 'Multicast Listener Report',
  132: 'Multicast Listener Done',
  133: 'Router Solicitation',
  134: 'Router Advertisement',
  135: 'Neighbor Solicitation',
  136: 'Neighbor Advertisement',
  137: 'Redirect',
  143: 'Multicast Listener Report Message v2',
};

const CODES: Record<number, readonly string[]> = {
  1: [
    'No route to destination',
    'Communication with destination administratively prohibited',
    'Beyond scope of source address',
    'Address unreachable',
    'Port unreachable',
    'Source address failed ingress/egress policy',
    'Reject route to destination',
  ],
  3: ['hop limit exceeded in transit', 'fragment reassembly time exceeded'],
  4: [
    'erroneous header field encountered',
    'unrecognized Next Header type encountered',
    'unrecognized IPv6 option encountered',
  ],
};

const SOURCE_LINK_ADDRESS = 1;
const TARGET_LINK_ADDRESS = 2;

/** Dissects an ICMPv6 message in [at, end). */
export function dissectIcmpv6(d: Dissection, at: number, end: number) {
  const { data } = d;
  setColumns(d, 'ICMPv6', '');
  if (end - at < 4) return truncated(d, 'ICMPv6');
  const type = data[at]!;
  const code = data[at + 1]!;
  const name = TYPES[type] ?? `Unknown (${type})`;
  const fields = addLayer(d, 'icmpv6', 'Internet Control Message Protocol v6');
  fields.push(
    field('icmpv6.type', 'Type', type),
    field('icmpv6.code', 'Code', code),
    field('icmpv6.checksum', 'Checksum', be16(data, at + 2)),
  );
  if (type === 128 || type === 129) {
    if (end - at < 8) return truncated(d, 'ICMPv6');
    const id = be16(data, at + 4);
    const seq = be16(data, at + 6);
    fields.push(
      field('icmpv6.echo.identifier', 'Identifier', id),
      field('icmpv6.echo.sequence_number', 'Sequence', seq),
    );
    const request = matchEcho(d, type === 128, id, seq);
    const info = `${name} id=${hexId(id, 4)}, seq=${seq}, hop limit=${d.ttl}`;
    return setColumns(d, 'ICMPv6', request === null ? info : `${info} (request in ${request})`);
  }
  if (type === 135 || type === 136) return neighbor(d, fields, type, at, end);
  if (type === 133 || type === 134) {
    const options = at + (type === 133 ? 8 : 16);
    const from = linkAddressOption(data, options, end, SOURCE_LINK_ADDRESS);
    return setColumns(d, 'ICMPv6', from ? `${name} from ${from}` : name);
  }
  const codes = CODES[type];
  setColumns(d, 'ICMPv6', codes ? `${name} (${codes[code] ?? `Unknown code: ${code}`})` : name);
  if (type < 1 || type > 4) return;
  // Errors quote the packet that caused them; Wireshark calls one without it malformed.
  if (end - at <= 8) return truncated(d, 'ICMPv6');
  if (end - at >= 48 && !d.quoted) {
    d.quoted = true;
    dissectIpv6(d, at + 8);
    d.quoted = false;
  }
}

function neighbor(
  d: Dissection,
  fields: ReturnType<typeof addLayer>,
  type: number,
  at: number,
  end: number,
) {
  const { data } = d;
  if (end - at < 24) return truncated(d, 'ICMPv6');
  const target = ipv6Text(data, at + 8);
  fields.push(
    field(
      type === 135 ? 'icmpv6.nd.ns.target_address' : 'icmpv6.nd.na.target_address',
      'Target Address',
      target,
    ),
  );
  if (type === 135) {
    const from = linkAddressOption(data, at + 24, end, SOURCE_LINK_ADDRESS);
    if (from) fields.push(field('icmpv6.opt.linkaddr', 'Link-layer address', from));
    return setColumns(
      d,
      'ICMPv6',
      `Neighbor Solicitation for ${target}${from ? ` from ${from}` : ''}`,
    );
  }
  const flagByte = data[at + 4]!;
  const flags = [
    flagByte & 0x80 ? 'rtr' : '',
    flagByte & 0x40 ? 'sol' : '',
    flagByte & 0x20 ? 'ovr' : '',
  ]
    .filter(Boolean)
    .join(', ');
  fields.push(
    field('icmpv6.nd.na.flag.r', 'Router', (flagByte & 0x80) !== 0),
    field('icmpv6.nd.na.flag.s', 'Solicited', (flagByte & 0x40) !== 0),
    field('icmpv6.nd.na.flag.o', 'Override', (flagByte & 0x20) !== 0),
  );
  const mac = linkAddressOption(data, at + 24, end, TARGET_LINK_ADDRESS);
  if (mac) fields.push(field('icmpv6.opt.linkaddr', 'Link-layer address', mac));
  setColumns(
    d,
    'ICMPv6',
    `Neighbor Advertisement ${target}${flags ? ` (${flags})` : ''}${mac ? ` is at ${mac}` : ''}`,
  );
}

// Neighbor discovery options: type, length in 8-byte units, value; an Ethernet address is 6 bytes.
function linkAddressOption(
  data: Uint8Array,
  at: number,
  end: number,
  wanted: number,
): string | null {
  let i = at;
  while (i + 2 <= end) {
    const type = data[i]!;
    const length = data[i + 1]! * 8;
    if (length === 0 || i + length > end) return null;
    if (type === wanted && length >= 8) return macText(data, i + 2);
    i += length;
  }
  return null;
}
