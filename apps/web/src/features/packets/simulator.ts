import { PACKET_SIMULATOR, type TPacket } from '@netguard/contracts';

/** A source of numbers in [0, 1), Math.random by default; tests pass a fixed sequence. */
export type TRandom = () => number;

const { protocols, minLength, maxLength, minIntervalMs, maxIntervalMs } = PACKET_SIMULATOR;
/** Bytes of made-up payload per packet: enough for the Payload tab, light for 1000 packets. */
const PAYLOAD_BYTES = 96;

const TCP_BASED = new Set(['HTTP', 'HTTPS', 'SSH', 'FTP', 'TCP']);
const PORTS: Record<string, number> = { HTTP: 80, HTTPS: 443, DNS: 53, SSH: 22, FTP: 21 };
const TCP_FLAG_SETS = [['SYN'], ['SYN', 'ACK'], ['ACK'], ['PSH', 'ACK'], ['FIN', 'ACK']];

const between = (random: TRandom, min: number, max: number) =>
  min + Math.floor(random() * (max - min + 1));
const pick = <T>(random: TRandom, items: readonly T[]): T =>
  items[Math.floor(random() * items.length)] as T;

/** A private address of the made-up network (no packet is ever sent to it). */
function simulatedHost(random: TRandom): string {
  return random() < 0.7
    ? `192.168.1.${between(random, 2, 254)}`
    : `10.0.0.${between(random, 2, 254)}`;
}

function simulatedInfo(
  protocol: string,
  port: number | undefined,
  flags: string[],
  random: TRandom,
) {
  const ephemeral = between(random, 49152, 65535);
  if (protocol === 'HTTP')
    return pick(random, ['GET / HTTP/1.1', 'POST /api HTTP/1.1', 'HTTP/1.1 200 OK']);
  if (protocol === 'DNS')
    return `Standard query 0x${between(random, 0, 0xffff).toString(16)} A example.test`;
  if (protocol === 'ICMP') return pick(random, ['Echo (ping) request', 'Echo (ping) reply']);
  if (protocol === 'UDP')
    return `${ephemeral} → ${between(random, 1024, 65535)} Len=${between(random, 8, 512)}`;
  return `${ephemeral} → ${port ?? between(random, 1024, 65535)} [${flags.join(', ')}]`;
}

/** Milliseconds until the next simulated packet: 1 to 3 s (spec part 1 §4). */
export function nextSimulatedDelay(random: TRandom = Math.random): number {
  return between(random, minIntervalMs, maxIntervalMs);
}

/** The simulator's packets/sec figure: 10 to 59. */
export function simulatedRate(random: TRandom = Math.random): number {
  return between(
    random,
    PACKET_SIMULATOR.minPacketsPerSecond,
    PACKET_SIMULATOR.maxPacketsPerSecond,
  );
}

/**
 * One random packet of the Demo source: protocol among the spec's eight, 64–1563 bytes, made-up
 * private addresses and a short random payload. It has no real frame, so it cannot be exported.
 */
export function simulatePacket(id: number, time: number, random: TRandom = Math.random): TPacket {
  const protocol = pick(random, protocols);
  const length = between(random, minLength, maxLength);
  const flags = TCP_BASED.has(protocol) ? [...pick(random, TCP_FLAG_SETS)] : [];
  const payloadBytes = Math.min(length, PAYLOAD_BYTES);
  const payload = Array.from({ length: payloadBytes }, () =>
    between(random, 0, 255).toString(16).padStart(2, '0'),
  ).join('');
  const info = simulatedInfo(protocol, PORTS[protocol], flags, random);
  return {
    id,
    time,
    timestamp: new Date(time * 1000).toISOString(),
    source: simulatedHost(random),
    destination: simulatedHost(random),
    protocol,
    length,
    info,
    payload,
    flags,
    type: random() < 0.5 ? 'incoming' : 'outgoing',
    layers: [
      {
        name: 'frame',
        summary: `Simulated packet ${id}: ${length} bytes (random data, no real frame)`,
        fields: [
          { name: 'frame.len', label: 'Frame length', value: length },
          { name: 'frame.protocols', label: 'Protocol', value: protocol },
        ],
      },
    ],
    link_type: 0,
    captured_length: payloadBytes,
  };
}
