// UDP: ports, length and the Info column; the payload goes to the application dissectors.
import { dissectUdpPayload } from './application.ts';
import { be16 } from './bytes.ts';
import { addLayer, type Dissection, field, setColumns, truncated } from './state.ts';

/** Dissects a UDP datagram in [at, end). */
export function dissectUdp(d: Dissection, at: number, end: number) {
  const { data } = d;
  setColumns(d, 'UDP', '');
  if (end - at < 8) return truncated(d, 'UDP');
  const srcPort = be16(data, at);
  const dstPort = be16(data, at + 2);
  const length = be16(data, at + 4);
  addLayer(d, 'udp', `User Datagram Protocol, Src Port: ${srcPort}, Dst Port: ${dstPort}`).push(
    field('udp.srcport', 'Source Port', srcPort),
    field('udp.dstport', 'Destination Port', dstPort),
    field('udp.length', 'Length', length),
    field('udp.checksum', 'Checksum', be16(data, at + 6)),
  );
  setColumns(d, 'UDP', `${srcPort} → ${dstPort} Len=${Math.max(0, length - 8)}`);
  if (length < 8) return truncated(d, 'UDP');
  if (d.quoted) return;
  // The UDP length bounds the payload; a shorter capture is cut by its snap length.
  const payloadEnd = Math.min(end, at + length);
  if (payloadEnd > at + 8) dissectUdpPayload(d, srcPort, dstPort, at + 8, payloadEnd);
}
