// One frame to a TPacket: the Frame layer, the link layer and up, the columns, the direction and
// the frame bytes as hex.
import { PACKET_LIMITS, type TPacket } from '@netguard/contracts';
import type { Frame } from '../types.ts';
import { frameHex } from './bytes.ts';
import type { DissectContext } from './context.ts';
import { dissectLink } from './link.ts';
import { addLayer, type Dissection, field } from './state.ts';

export type DissectOptions = {
  /** Addresses of this host: packets from them are 'outgoing'. */
  localAddresses?: ReadonlySet<string>;
  /** Put the frame bytes as hex in `payload` (default true). */
  includePayload?: boolean;
  /** Frame bytes in `payload` at most (default PACKET_LIMITS.maxPayloadBytes). */
  maxPayloadBytes?: number;
  /**
   * Memory of the capture's earlier packets (createDissectContext), for what Wireshark derives
   * from them: TLS session versions, SSH/FTP conversations, FTP-DATA, relative TCP numbers,
   * window scaling, echo pairs. Without it every frame is dissected on its own.
   */
  context?: DissectContext;
};

// toISOString per packet is slow; packets of one second share the text up to the fraction.
let isoSecond = Number.NaN;
let isoPrefix = '';

function isoTimestamp(seconds: number, nanos: number): string {
  if (seconds !== isoSecond) {
    isoSecond = seconds;
    isoPrefix = new Date(seconds * 1000).toISOString().slice(0, 19);
  }
  const fraction =
    nanos % 1000 === 0 ? String(nanos / 1000).padStart(6, '0') : String(nanos).padStart(9, '0');
  return `${isoPrefix}.${fraction}Z`;
}

/** Dissects one captured frame into a packet with Wireshark-like columns and layers. */
export function dissectFrame(frame: Frame, options: DissectOptions = {}): TPacket {
  const d: Dissection = {
    frame,
    data: frame.data,
    context: options.context,
    layers: [],
    protocol: '',
    info: '',
    source: '',
    destination: '',
    flags: [],
    outgoing: false,
    quoted: false,
    ttl: 0,
    netSource: '',
    netDestination: '',
    segment: null,
  };
  const wire = frame.originalLength;
  const captured = frame.capturedLength;
  const frameFields = addLayer(
    d,
    'frame',
    `Frame ${frame.number}: ${wire} bytes on wire (${wire * 8} bits), ${captured} bytes captured (${captured * 8} bits)`,
  );
  dissectLink(d);
  const time = frame.seconds + frame.nanos / 1e9;
  frameFields.push(
    field('frame.number', 'Frame Number', frame.number),
    field('frame.len', 'Frame Length', wire),
    field('frame.cap_len', 'Capture Length', captured),
    field('frame.time_epoch', 'Epoch Time', time),
    field('frame.interface_id', 'Interface id', frame.interfaceId),
    field('frame.protocols', 'Protocols in frame', protocolsOf(d)),
  );
  const local = options.localAddresses;
  const outgoing = d.outgoing || local?.has(d.source) === true;
  return {
    id: frame.number,
    time,
    timestamp: isoTimestamp(frame.seconds, frame.nanos),
    source: d.source,
    destination: d.destination,
    protocol: d.protocol,
    length: wire,
    info: d.info,
    payload:
      options.includePayload === false
        ? ''
        : frameHex(frame.data, options.maxPayloadBytes ?? PACKET_LIMITS.maxPayloadBytes),
    flags: d.flags,
    type: outgoing ? 'outgoing' : 'incoming',
    layers: d.layers,
    link_type: frame.linkType,
    captured_length: captured,
  };
}

function protocolsOf(d: Dissection): string {
  let names = '';
  for (let i = 1; i < d.layers.length; i++) {
    const name = d.layers[i]!.name;
    if (name !== 'malformed') names = names ? `${names}:${name}` : name;
  }
  return names;
}
