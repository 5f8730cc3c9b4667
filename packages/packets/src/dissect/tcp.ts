// TCP: header fields, flags, options and the Info column; the payload goes to the application
// dissectors. With a context, sequence numbers are relative and windows scaled, as in Wireshark.
import type { TPacketField } from '@netguard/contracts';
import { dissectTcpPayload } from './application.ts';
import { be16, be32 } from './bytes.ts';
import { closeBody } from './http-body.ts';
import { addLayer, type Dissection, field, setColumns, truncated } from './state.ts';
import { readTcpOptions } from './tcp-options.ts';
import { rawNumbers, trackTcp } from './tcp-state.ts';

const FIN = 0x01;
const FLAG_BITS: [number, string][] = [
  [0x01, 'FIN'],
  [0x02, 'SYN'],
  [0x04, 'RST'],
  [0x08, 'PSH'],
  [0x10, 'ACK'],
  [0x20, 'URG'],
  [0x40, 'ECE'],
  [0x80, 'CWR'],
];
// Flag names and Info text of every flags byte, computed once.
const FLAG_LISTS = Array.from({ length: 256 }, (_, byte) =>
  FLAG_BITS.filter(([bit]) => byte & bit).map(([, name]) => name),
);
const FLAG_TEXTS = FLAG_LISTS.map((names) => (names.length ? names.join(', ') : '<None>'));
const FLAG_FIELDS: [number, string, string][] = [
  [0x80, 'tcp.flags.cwr', 'Congestion Window Reduced'],
  [0x40, 'tcp.flags.ece', 'ECN-Echo'],
  [0x20, 'tcp.flags.urg', 'Urgent'],
  [0x10, 'tcp.flags.ack', 'Acknowledgment'],
  [0x08, 'tcp.flags.push', 'Push'],
  [0x04, 'tcp.flags.reset', 'Reset'],
  [0x02, 'tcp.flags.syn', 'Syn'],
  [0x01, 'tcp.flags.fin', 'Fin'],
];

/** Dissects a TCP segment in [at, end). */
export function dissectTcp(d: Dissection, at: number, end: number) {
  const { data } = d;
  setColumns(d, 'TCP', '');
  if (end - at < 4) return truncated(d, 'TCP');
  const srcPort = be16(data, at);
  const dstPort = be16(data, at + 2);
  const fields = addLayer(
    d,
    'tcp',
    `Transmission Control Protocol, Src Port: ${srcPort}, Dst Port: ${dstPort}`,
  );
  fields.push(
    field('tcp.srcport', 'Source Port', srcPort),
    field('tcp.dstport', 'Destination Port', dstPort),
  );
  setColumns(d, 'TCP', `${srcPort} → ${dstPort}`);
  // An ICMP error quotes only the first 8 bytes: ports and sequence number.
  if (d.quoted && end - at >= 8 && end - at < 20) {
    fields.push(field('tcp.seq_raw', 'Sequence Number (raw)', be32(data, at + 4)));
    return;
  }
  if (end - at < 20) return truncated(d, 'TCP');
  const seqRaw = be32(data, at + 4);
  const ackRaw = be32(data, at + 8);
  const headerLength = (data[at + 12]! >> 4) * 4;
  const flags = data[at + 13]!;
  const windowRaw = be16(data, at + 14);
  if (headerLength < 20 || at + headerLength > end) return truncated(d, 'TCP');
  const payloadLength = end - at - headerLength;
  const forwardKey = `${d.netSource}|${srcPort}|${d.netDestination}|${dstPort}`;
  const reverseKey = `${d.netDestination}|${dstPort}|${d.netSource}|${srcPort}`;
  // Quoted headers and contextless reads show the numbers as they are on the wire.
  const context = d.quoted ? undefined : d.context;
  // The SYN's window-scale option is needed for tracking, so options are read first; SACK edges
  // count from the acknowledged direction's base, known from earlier packets.
  const optionFields: TPacketField[] = [];
  const reverse = context ? { context, key: reverseKey } : null;
  const options = readTcpOptions(d, optionFields, at + 20, at + headerLength, reverse);
  const numbers = context
    ? trackTcp(context, forwardKey, reverseKey, seqRaw, ackRaw, flags, options.windowShift)
    : rawNumbers(seqRaw, ackRaw);
  const window =
    numbers.windowMultiplier === null ? windowRaw : windowRaw * numbers.windowMultiplier;
  fields.push(
    field('tcp.len', 'TCP Segment Len', payloadLength),
    field('tcp.seq', 'Sequence Number', numbers.seq),
    field('tcp.seq_raw', 'Sequence Number (raw)', seqRaw),
    field('tcp.ack', 'Acknowledgment Number', numbers.ack),
    field('tcp.ack_raw', 'Acknowledgment Number (raw)', ackRaw),
    field('tcp.hdr_len', 'Header Length', headerLength),
    field('tcp.flags', 'Flags', flags | ((data[at + 12]! & 1) << 8)),
    field('tcp.flags.str', 'TCP Flags', FLAG_TEXTS[flags]!),
  );
  for (const [bit, name, label] of FLAG_FIELDS)
    fields.push(field(name, label, (flags & bit) !== 0));
  fields.push(
    field('tcp.window_size_value', 'Window', windowRaw),
    field('tcp.window_size', 'Calculated window size', window),
    field('tcp.checksum', 'Checksum', be16(data, at + 16)),
    field('tcp.urgent_pointer', 'Urgent Pointer', be16(data, at + 18)),
    ...optionFields,
  );
  const layer = d.layers[d.layers.length - 1]!;
  layer.summary += `, Seq: ${numbers.seq}${flags & 0x10 ? `, Ack: ${numbers.ack}` : ''}, Len: ${payloadLength}`;
  if (d.quoted) return;
  d.flags = FLAG_LISTS[flags]!.slice();
  let info = `${srcPort} → ${dstPort} [${FLAG_TEXTS[flags]}] Seq=${numbers.seq}`;
  if (flags & 0x10) info += ` Ack=${numbers.ack}`;
  info += ` Win=${window}`;
  if (flags & 0x20) info += ` Urg=${be16(data, at + 18)}`;
  info += ` Len=${payloadLength}`;
  for (const text of options.info) info += ` ${text}`;
  setColumns(d, 'TCP', info);
  d.segment = { key: forwardKey, seq: seqRaw, length: payloadLength, fin: (flags & FIN) !== 0 };
  if (payloadLength > 0) dissectTcpPayload(d, srcPort, dstPort, at + headerLength, end);
  else if (d.segment.fin && context) closeBody(d);
}
