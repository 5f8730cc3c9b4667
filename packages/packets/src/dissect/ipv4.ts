// IPv4: header fields, the Source/Destination columns, fragments (only the first one carries the
// transport header, dissected for its fields while the columns say "Fragmented IP protocol").
import { be16, hexId, ipv4Text } from './bytes.ts';
import { addLayer, type Dissection, field, setAddresses, setColumns, truncated } from './state.ts';
import { dissectTransport, IP_PROTOCOL_NAMES } from './transport.ts';

/** Dissects an IPv4 header at `at` and what it carries. */
export function dissectIpv4(d: Dissection, at: number) {
  const { data } = d;
  setColumns(d, 'IPv4', '');
  if (data.length < at + 20) return truncated(d, 'IPv4');
  const version = data[at]! >> 4;
  const headerLength = (data[at]! & 0x0f) * 4;
  const totalLength = be16(data, at + 2);
  const id = be16(data, at + 4);
  const flagsOffset = be16(data, at + 6);
  const ttl = data[at + 8]!;
  const protocol = data[at + 9]!;
  const src = ipv4Text(data, at + 12);
  const dst = ipv4Text(data, at + 16);
  const fragmentOffset = (flagsOffset & 0x1fff) * 8;
  const moreFragments = (flagsOffset & 0x2000) !== 0;
  addLayer(d, 'ip', `Internet Protocol Version 4, Src: ${src}, Dst: ${dst}`).push(
    field('ip.version', 'Version', version),
    field('ip.hdr_len', 'Header Length', headerLength),
    field('ip.dsfield', 'Differentiated Services Field', data[at + 1]!),
    field('ip.len', 'Total Length', totalLength),
    field('ip.id', 'Identification', id),
    field('ip.flags.df', "Don't fragment", (flagsOffset & 0x4000) !== 0),
    field('ip.flags.mf', 'More fragments', moreFragments),
    field('ip.frag_offset', 'Fragment Offset', fragmentOffset),
    field('ip.ttl', 'Time to Live', ttl),
    field('ip.proto', 'Protocol', protocol),
    field('ip.checksum', 'Header Checksum', be16(data, at + 10)),
    field('ip.src', 'Source Address', src),
    field('ip.dst', 'Destination Address', dst),
  );
  setAddresses(d, src, dst, ttl);
  if (version !== 4 || headerLength < 20 || (totalLength !== 0 && totalLength < headerLength))
    return truncated(d, 'IPv4');
  if (data.length < at + headerLength) return truncated(d, 'IPv4');
  // A total length of 0 is what TCP segmentation offload leaves; then the frame decides.
  const end = totalLength === 0 ? data.length : Math.min(data.length, at + totalLength);
  if (moreFragments || fragmentOffset > 0) {
    const name = IP_PROTOCOL_NAMES[protocol] ?? 'Unknown';
    setColumns(
      d,
      'IPv4',
      `Fragmented IP protocol (proto=${name} ${protocol}, off=${fragmentOffset}, ID=${hexId(id, 4).slice(2)})`,
    );
    if (fragmentOffset > 0) return;
    const wasQuoted = d.quoted;
    d.quoted = true;
    dissectTransport(d, protocol, at + headerLength, end, false);
    d.quoted = wasQuoted;
    return;
  }
  dissectTransport(d, protocol, at + headerLength, end, false);
}
