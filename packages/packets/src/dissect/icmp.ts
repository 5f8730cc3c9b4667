// ICMP (IPv4): type and code names and the Info column as Wireshark writes them; errors quote
// the offending IP header, dissected as layers without touching the columns.
import { be16, hexId } from './bytes.ts';
import { matchEcho } from './echo.ts';
import { dissectIpv4 } from './ipv4.ts';
import { addLayer, type Dissection, field, setColumns, truncated } from './state.ts';

const TYPES: Record<number, string> = {
  0: 'Echo (ping) reply',
  3: 'Destination unreachable',
  4: 'Source quench (flow control)',
  5: 'Redirect',
  8: 'Echo (ping) request',
  9: 'Router advertisement',
  10: 'Router solicitation',
  11: 'Time-to-live exceeded',
  12: 'Parameter problem',
  13: 'Timestamp request',
  14: 'Timestamp reply',
  15: 'Information request',
  16: 'Information reply',
  17: 'Address mask request',
  18: 'Address mask reply',
  42: 'Extended Echo request',
  43: 'Extended Echo reply',
};

const CODES: Record<number, readonly string[]> = {
  3: [
    'Network unreachable',
    'Host unreachable',
    'Protocol unreachable',
    'Port unreachable',
    'Fragmentation needed',
    'Source route failed',
    'Destination network unknown',
    'Destination host unknown',
    'Source host isolated',
    'Network administratively prohibited',
    'Host administratively prohibited',
    'Network unreachable for TOS',
    'Host unreachable for TOS',
    'Communication administratively filtered',
    'Host precedence violation',
    'Precedence cutoff in effect',
  ],
  5: [
    'Redirect for network',
    'Redirect for host',
    'Redirect for TOS and network',
    'Redirect for TOS and host',
  ],
  11: ['Time to live exceeded in transit', 'Fragment reassembly time exceeded'],
  12: ['Pointer indicates the error', 'Required option missing', 'Bad length'],
  42: ['No error'],
  43: [
    'No error',
    'Malformed Query',
    'No Such Interface',
    'No Such Table Entry',
    'Multiple Interfaces Satisfy Query',
  ],
};

// Types with an identifier and sequence number instead of a code text.
const ID_SEQ_TYPES = new Set([0, 8, 13, 14, 15, 16, 17, 18]);
const ERROR_TYPES = new Set([3, 4, 5, 11, 12]);

/** Dissects an ICMP message in [at, end). */
export function dissectIcmp(d: Dissection, at: number, end: number) {
  const { data } = d;
  setColumns(d, 'ICMP', '');
  if (end - at < 4) return truncated(d, 'ICMP');
  const type = data[at]!;
  const code = data[at + 1]!;
  const typeName = TYPES[type];
  const fields = addLayer(d, 'icmp', 'Internet Control Message Protocol');
  fields.push(
    field('icmp.type', 'Type', type),
    field('icmp.code', 'Code', code),
    field('icmp.checksum', 'Checksum', be16(data, at + 2)),
  );
  if (!typeName) return setColumns(d, 'ICMP', 'Unknown ICMP (obsolete or malformed?)');
  // Wireshark pads the type name to 20 characters before the details.
  const padded = typeName.padEnd(20);
  if (ID_SEQ_TYPES.has(type)) {
    if (end - at < 8) return truncated(d, 'ICMP');
    const id = be16(data, at + 4);
    const seq = be16(data, at + 6);
    const seqLe = ((seq & 0xff) << 8) | (seq >> 8);
    fields.push(
      field('icmp.ident', 'Identifier', id),
      field('icmp.seq', 'Sequence Number (BE)', seq),
      field('icmp.seq_le', 'Sequence Number (LE)', seqLe),
    );
    let info = `${padded} id=${hexId(id, 4)}, seq=${seq}/${seqLe}, ttl=${d.ttl}`;
    const request = type === 8 || type === 0 ? matchEcho(d, type === 8, id, seq) : null;
    if (request !== null) info += ` (request in ${request})`;
    return setColumns(d, 'ICMP', info);
  }
  const codeName = CODES[type] ? (CODES[type][code] ?? `Unknown code: ${code}`) : null;
  setColumns(d, 'ICMP', codeName === null ? typeName : `${padded} (${codeName})`);
  if (ERROR_TYPES.has(type) && end - at >= 28 && !d.quoted) {
    d.quoted = true;
    dissectIpv4(d, at + 8);
    d.quoted = false;
  }
}
