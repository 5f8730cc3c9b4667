// Valid Ethernet / IPv4 / TCP and UDP frames built byte by byte, with correct checksums, so that
// tshark and our dissector both see real protocols in generated captures.

const ETHERTYPE_IPV4 = 0x0800;
const PROTO_TCP = 6;
const PROTO_UDP = 17;

export const TCP_FLAGS = { FIN: 0x01, SYN: 0x02, RST: 0x04, PSH: 0x08, ACK: 0x10 } as const;

export type Endpoints = { src: string; dst: string; srcPort: number; dstPort: number };
export type TcpSegment = Endpoints & {
  seq: number;
  ack: number;
  flags: number;
  payload: Uint8Array;
};

const MAC_A = [0x02, 0x00, 0x5e, 0x10, 0x00, 0x01];
const MAC_B = [0x02, 0x00, 0x5e, 0x10, 0x00, 0x02];

/** An Ethernet II / IPv4 / TCP frame (20-byte TCP header, window 64240). */
export function tcpFrame(segment: TcpSegment): Uint8Array {
  const frame = ipv4Frame(segment, PROTO_TCP, 20 + segment.payload.length);
  const at = 34;
  put16(frame, at, segment.srcPort);
  put16(frame, at + 2, segment.dstPort);
  put32(frame, at + 4, segment.seq);
  put32(frame, at + 8, segment.ack);
  frame[at + 12] = 5 << 4;
  frame[at + 13] = segment.flags;
  put16(frame, at + 14, 64240);
  frame.set(segment.payload, at + 20);
  put16(frame, at + 16, transportChecksum(frame, PROTO_TCP));
  return frame;
}

/** An Ethernet II / IPv4 / UDP frame. */
export function udpFrame(endpoints: Endpoints, payload: Uint8Array): Uint8Array {
  const frame = ipv4Frame(endpoints, PROTO_UDP, 8 + payload.length);
  put16(frame, 34, endpoints.srcPort);
  put16(frame, 36, endpoints.dstPort);
  put16(frame, 38, 8 + payload.length);
  frame.set(payload, 42);
  put16(frame, 40, transportChecksum(frame, PROTO_UDP) || 0xffff);
  return frame;
}

/** A DNS query for `name` (type A, recursion desired). */
export function dnsQuery(id: number, name: string): Uint8Array {
  const question = dnsQuestion(name);
  const out = new Uint8Array(12 + question.length);
  put16(out, 0, id);
  put16(out, 2, 0x0100);
  put16(out, 4, 1);
  out.set(question, 12);
  return out;
}

/** A DNS answer to dnsQuery(id, name) with one A record. */
export function dnsResponse(id: number, name: string, address: string): Uint8Array {
  const question = dnsQuestion(name);
  const out = new Uint8Array(12 + question.length + 16);
  put16(out, 0, id);
  put16(out, 2, 0x8180);
  put16(out, 4, 1);
  put16(out, 6, 1);
  out.set(question, 12);
  const at = 12 + question.length;
  put16(out, at, 0xc00c); // name: pointer to the question's name
  put16(out, at + 2, 1);
  put16(out, at + 4, 1);
  put32(out, at + 6, 300);
  put16(out, at + 10, 4);
  out.set(ipv4Bytes(address), at + 12);
  return out;
}

function dnsQuestion(name: string): Uint8Array {
  const labels = name.split('.').map((label) => new TextEncoder().encode(label));
  const size = labels.reduce((n, l) => n + 1 + l.length, 1) + 4;
  const out = new Uint8Array(size);
  let at = 0;
  for (const label of labels) {
    out[at++] = label.length;
    out.set(label, at);
    at += label.length;
  }
  at++; // root label
  put16(out, at, 1);
  put16(out, at + 2, 1);
  return out;
}

function ipv4Frame(endpoints: Endpoints, protocol: number, transportBytes: number): Uint8Array {
  const frame = new Uint8Array(34 + transportBytes);
  frame.set(MAC_B, 0);
  frame.set(MAC_A, 6);
  put16(frame, 12, ETHERTYPE_IPV4);
  frame[14] = 0x45;
  put16(frame, 16, 20 + transportBytes);
  put16(frame, 20, 0x4000); // don't fragment
  frame[22] = 64;
  frame[23] = protocol;
  frame.set(ipv4Bytes(endpoints.src), 26);
  frame.set(ipv4Bytes(endpoints.dst), 30);
  put16(frame, 24, finish(sum16(frame, 14, 34, 0)));
  return frame;
}

const parsed = new Map<string, Uint8Array>();

/** The four bytes of a dotted IPv4 address (parsed once: benchmarks build millions of frames). */
function ipv4Bytes(address: string): Uint8Array {
  let bytes = parsed.get(address);
  if (!bytes) {
    bytes = Uint8Array.from(address.split('.').map(Number));
    parsed.set(address, bytes);
  }
  return bytes;
}

function transportChecksum(frame: Uint8Array, protocol: number): number {
  const length = frame.length - 34;
  // Pseudo header: addresses, protocol, transport length.
  let sum = sum16(frame, 26, 34, 0) + protocol + length;
  sum = sum16(frame, 34, frame.length, sum);
  return finish(sum);
}

function sum16(b: Uint8Array, from: number, to: number, start: number): number {
  let sum = start;
  let i = from;
  for (; i + 1 < to; i += 2) sum += (b[i]! << 8) | b[i + 1]!;
  if (i < to) sum += b[i]! << 8;
  return sum;
}

function finish(sum: number): number {
  let s = sum;
  while (s > 0xffff) s = (s & 0xffff) + Math.floor(s / 65536);
  return ~s & 0xffff;
}

function put16(b: Uint8Array, at: number, value: number): void {
  b[at] = value >>> 8;
  b[at + 1] = value & 0xff;
}

function put32(b: Uint8Array, at: number, value: number): void {
  put16(b, at, value >>> 16);
  put16(b, at + 2, value & 0xffff);
}
