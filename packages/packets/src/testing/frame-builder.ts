// Frames built layer by layer for dissector unit tests: each function returns the bytes of its
// header followed by the payload it wraps. Checksums are left zero; the dissectors ignore them.
import type { Frame } from '../types.ts';

/** Bytes as an array, a list of byte values or Latin-1 text. */
type Bytes = Uint8Array | number[] | string;

/** Concatenates byte arrays and plain byte lists. */
export function bytes(...parts: Bytes[]): Uint8Array {
  const out: number[] = [];
  for (const part of parts) {
    if (typeof part === 'string') out.push(...Buffer.from(part, 'latin1'));
    else out.push(...part);
  }
  return Uint8Array.from(out);
}

export const u16 = (n: number) => [(n >> 8) & 0xff, n & 0xff];
export const u32 = (n: number) => [(n >>> 24) & 0xff, (n >> 16) & 0xff, (n >> 8) & 0xff, n & 0xff];
export const mac = (text: string) => text.split(':').map((h) => Number.parseInt(h, 16));
export const ipv4Bytes = (text: string) => text.split('.').map(Number);

/** The 16 bytes of an IPv6 address written with '::'. */
export function ipv6Bytes(text: string): number[] {
  const [head = '', tail = ''] = text.split('::');
  const h = head ? head.split(':') : [];
  const t = tail ? tail.split(':') : [];
  const groups = text.includes('::')
    ? [...h, ...new Array(8 - h.length - t.length).fill('0'), ...t]
    : h;
  return groups.flatMap((g) => u16(Number.parseInt(g, 16)));
}

/** Ethernet II header. */
export function ethernet(dst: string, src: string, type: number, payload: Bytes): Uint8Array {
  return bytes(mac(dst), mac(src), u16(type), payload);
}

/** An 802.1Q/802.1ad tag (TPID comes from the enclosing EtherType) and the inner EtherType. */
export function vlanTag(
  priority: number,
  id: number,
  innerType: number,
  payload: Bytes,
): Uint8Array {
  return bytes(u16((priority << 13) | id), u16(innerType), payload);
}

export type Ipv4Options = {
  ttl?: number;
  id?: number;
  moreFragments?: boolean;
  fragmentOffset?: number;
  totalLength?: number;
};

/** IPv4 header of 20 bytes. */
export function ipv4(
  src: string,
  dst: string,
  protocol: number,
  payload: Bytes,
  o: Ipv4Options = {},
): Uint8Array {
  const flags = (o.moreFragments ? 0x2000 : 0) | ((o.fragmentOffset ?? 0) / 8);
  return bytes(
    [0x45, 0],
    u16(o.totalLength ?? 20 + payload.length),
    u16(o.id ?? 1),
    u16(flags),
    [o.ttl ?? 64, protocol, 0, 0],
    ipv4Bytes(src),
    ipv4Bytes(dst),
    payload,
  );
}

/** IPv6 fixed header. */
export function ipv6(
  src: string,
  dst: string,
  next: number,
  payload: Bytes,
  hopLimit = 64,
): Uint8Array {
  return bytes(
    [0x60, 0, 0, 0],
    u16(payload.length),
    [next, hopLimit],
    ipv6Bytes(src),
    ipv6Bytes(dst),
    payload,
  );
}

/** UDP header. */
export function udp(src: number, dst: number, payload: Bytes): Uint8Array {
  return bytes(u16(src), u16(dst), u16(8 + payload.length), [0, 0], payload);
}

export type TcpOptions = {
  seq?: number;
  ack?: number;
  flags: number;
  window?: number;
  options?: number[];
};

/** TCP header with options padded to 4 bytes. */
export function tcp(src: number, dst: number, o: TcpOptions, payload: Bytes = []): Uint8Array {
  const options = [...(o.options ?? [])];
  while (options.length % 4) options.push(1);
  return bytes(
    u16(src),
    u16(dst),
    u32(o.seq ?? 1000),
    u32(o.ack ?? 0),
    [((20 + options.length) / 4) << 4, o.flags],
    u16(o.window ?? 65535),
    [0, 0, 0, 0],
    options,
    payload,
  );
}

/** ICMP or ICMPv6 message: type, code, zero checksum, body. */
export function icmp(type: number, code: number, body: Bytes): Uint8Array {
  return bytes([type, code, 0, 0], body);
}

/** Linux cooked v1 header (LINKTYPE 113) with a 6-byte address. */
export function sll(
  packetType: number,
  address: string,
  protocol: number,
  payload: Bytes,
): Uint8Array {
  return bytes(u16(packetType), u16(1), u16(6), mac(address), [0, 0], u16(protocol), payload);
}

/** Linux cooked v2 header (LINKTYPE 276) with a 6-byte address. */
export function sll2(
  packetType: number,
  ifindex: number,
  address: string,
  protocol: number,
  payload: Bytes,
): Uint8Array {
  return bytes(
    u16(protocol),
    [0, 0],
    u32(ifindex),
    u16(1),
    [packetType, 6],
    mac(address),
    [0, 0],
    payload,
  );
}

/** A Frame of the bytes; `originalLength` above the byte count means cut by the snap length. */
export function frameOf(
  data: Uint8Array,
  linkType = 1,
  number = 1,
  originalLength = data.length,
): Frame {
  return {
    number,
    seconds: 1_700_000_000 + number,
    nanos: 250_000_000,
    capturedLength: data.length,
    originalLength,
    linkType,
    interfaceId: 0,
    offset: 0,
    data,
  };
}
