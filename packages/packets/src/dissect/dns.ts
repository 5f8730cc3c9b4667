// DNS over UDP and TCP (and mDNS/LLMNR, the same format): header flags, questions and records,
// with Wireshark's Info column ("Standard query response 0x1a2b A example.test A 127.0.0.1").
import type { TPacketField } from '@netguard/contracts';
import { be16, be32, hexId } from './bytes.ts';
import { readDnsName } from './dns-names.ts';
import { dnsTypeName, readRecordData } from './dns-records.ts';
import { keepIn, showSegmentOfPdu, takeFrom } from './reassembly.ts';
import { addLayer, type Dissection, field, setColumns, truncated } from './state.ts';

const OPCODES: Record<number, string> = {
  0: 'Standard query',
  1: 'Inverse query',
  2: 'Server status request',
  4: 'Zone change notification',
  5: 'Dynamic update',
};
const RCODES: Record<number, string> = {
  1: 'Format error',
  2: 'Server failure',
  3: 'No such name',
  4: 'Not implemented',
  5: 'Refused',
  6: 'Name exists',
  7: 'RRset exists',
  8: 'RRset does not exist',
  9: 'Not authoritative',
  10: 'Name out of zone',
};

/**
 * DNS over TCP (RFC 1035 4.2.2): messages each led by a 2-byte length, several to a segment or
 * one over several segments. As in Wireshark, a segment that completes no message is "[TCP
 * segment of a reassembled PDU]", and a segment's Info is that of the last message it completes.
 */
export function dissectDnsOverTcp(d: Dissection, at: number, end: number) {
  const held = d.context?.dnsMessages;
  const earlier = held ? takeFrom(d, held) : undefined;
  // A message begun in earlier segments is read from its bytes joined with this segment's.
  const view: Dissection = earlier
    ? { ...d, data: joined(earlier.bytes, d.data.subarray(at, end)) }
    : d;
  const { data } = view;
  let offset = earlier ? 0 : at;
  const stop = earlier ? data.length : end;
  let shown = false;
  while (offset < stop) {
    const due = stop - offset >= 2 ? 2 + be16(data, offset) : Number.POSITIVE_INFINITY;
    if (offset + due <= stop) {
      dissectDns(view, offset, offset + due, true);
      shown = true;
      offset += due;
      continue;
    }
    // The last message goes on in the next segment; without a context it is shown cut short.
    if (!(held && keepIn(d, held, { bytes: data.slice(offset, stop) })) && !shown) {
      dissectDns(view, offset, stop, true);
      shown = true;
    }
    break;
  }
  if (!shown) return showSegmentOfPdu(d);
  d.protocol = view.protocol;
  d.info = view.info;
}

function joined(a: Uint8Array, b: Uint8Array): Uint8Array {
  const out = new Uint8Array(a.length + b.length);
  out.set(a);
  out.set(b, a.length);
  return out;
}

/** Dissects a DNS message in [at, end); `tcp` messages start with a 2-byte length. */
export function dissectDns(d: Dissection, at: number, end: number, tcp: boolean, protocol = 'DNS') {
  const { data } = d;
  setColumns(d, protocol, '');
  let start = at;
  if (tcp) {
    if (end - at < 2) return truncated(d, protocol);
    end = Math.min(end, at + 2 + be16(data, at));
    start = at + 2;
  }
  if (end - start < 4) return truncated(d, protocol);
  const id = be16(data, start);
  const flags = be16(data, start + 2);
  const response = (flags & 0x8000) !== 0;
  const opcode = (flags >> 11) & 0x0f;
  const rcode = flags & 0x0f;
  // mDNS and LLMNR carry the dns.* fields too, so their layer is named dns for the filter.
  const fields = addLayer(d, 'dns', `Domain Name System (${response ? 'response' : 'query'})`);
  let info = `${OPCODES[opcode] ?? `Unknown operation (${opcode})`}${response ? ' response' : ''} ${hexId(id, 4)}`;
  setColumns(d, protocol, info);
  fields.push(
    field('dns.id', 'Transaction ID', id),
    field('dns.flags', 'Flags', flags),
    field('dns.flags.response', 'Response', response),
    field('dns.flags.opcode', 'Opcode', opcode),
  );
  if (end - start < 12) return truncated(d, protocol);
  if (response) {
    fields.push(
      field('dns.flags.authoritative', 'Authoritative', (flags & 0x0400) !== 0),
      field('dns.flags.rcode', 'Reply code', rcode),
    );
    if (rcode !== 0) info += ` ${RCODES[rcode] ?? `Unknown error (${rcode})`}`;
  }
  fields.push(
    field('dns.flags.truncated', 'Truncated', (flags & 0x0200) !== 0),
    field('dns.flags.recdesired', 'Recursion desired', (flags & 0x0100) !== 0),
  );
  const counts = [
    be16(data, start + 4),
    be16(data, start + 6),
    be16(data, start + 8),
    be16(data, start + 10),
  ];
  fields.push(
    field('dns.count.queries', 'Questions', counts[0]!),
    field('dns.count.answers', 'Answer RRs', counts[1]!),
    field('dns.count.auth_rr', 'Authority RRs', counts[2]!),
    field('dns.count.add_rr', 'Additional RRs', counts[3]!),
  );
  const parts: string[] = [info];
  const ok = readSections(data, start, end, counts, fields, parts);
  setColumns(d, protocol, parts.join(' '));
  if (!ok) truncated(d, protocol);
}

// Questions then answer, authority and additional records; false when the message is cut short.
function readSections(
  b: Uint8Array,
  start: number,
  end: number,
  counts: number[],
  fields: TPacketField[],
  parts: string[],
): boolean {
  let offset = start + 12;
  for (let q = 0; q < counts[0]!; q++) {
    const name = readDnsName(b, offset, start, end);
    if (!name || name.next + 4 > end) return false;
    const type = be16(b, name.next);
    fields.push(
      field('dns.qry.name', 'Name', name.name),
      field('dns.qry.type', 'Type', type),
      field('dns.qry.class', 'Class', be16(b, name.next + 2) & 0x7fff),
    );
    parts.push(`${dnsTypeName(type)} ${name.name}`);
    offset = name.next + 4;
  }
  const records = counts[1]! + counts[2]! + counts[3]!;
  for (let r = 0; r < records; r++) {
    const name = readDnsName(b, offset, start, end);
    if (!name || name.next + 10 > end) return false;
    const type = be16(b, name.next);
    const length = be16(b, name.next + 8);
    const dataAt = name.next + 10;
    if (dataAt + length > end) return false;
    fields.push(
      field('dns.resp.name', 'Name', name.name),
      field('dns.resp.type', 'Type', type),
      field('dns.resp.ttl', 'Time to live', be32(b, name.next + 4)),
      field('dns.resp.len', 'Data length', length),
    );
    const text = readRecordData(b, type, dataAt, length, start, fields);
    if (text === null) return false;
    parts.push(text);
    offset = dataAt + length;
  }
  return true;
}
