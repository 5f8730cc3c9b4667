// DNS messages built byte by byte, for the test DNS server and hand-built frames.

export type DnsRecord = { name: string; type: number; ttl?: number; data: Uint8Array };
export type DnsMessage = {
  id: number;
  flags: number;
  questions: { name: string; type: number }[];
  answers?: DnsRecord[];
  authority?: DnsRecord[];
  additional?: DnsRecord[];
};

export const DNS_TYPE = {
  A: 1,
  NS: 2,
  CNAME: 5,
  SOA: 6,
  PTR: 12,
  MX: 15,
  TXT: 16,
  AAAA: 28,
  OPT: 41,
} as const;

/** A name as length-prefixed labels ending with the root label. */
export function dnsName(name: string): Uint8Array {
  const labels = name === '' ? [] : name.split('.');
  const bytes: number[] = [];
  for (const label of labels) bytes.push(label.length, ...Buffer.from(label, 'latin1'));
  bytes.push(0);
  return Uint8Array.from(bytes);
}

const u16 = (n: number) => [(n >> 8) & 0xff, n & 0xff];
const u32 = (n: number) => [(n >>> 24) & 0xff, (n >> 16) & 0xff, (n >> 8) & 0xff, n & 0xff];

function record(r: DnsRecord): number[] {
  return [
    ...dnsName(r.name),
    ...u16(r.type),
    ...u16(1),
    ...u32(r.ttl ?? 60),
    ...u16(r.data.length),
    ...r.data,
  ];
}

/** Encodes a DNS message without name compression. */
export function encodeDns(m: DnsMessage): Uint8Array {
  const answers = m.answers ?? [];
  const authority = m.authority ?? [];
  const additional = m.additional ?? [];
  const bytes = [
    ...u16(m.id),
    ...u16(m.flags),
    ...u16(m.questions.length),
    ...u16(answers.length),
    ...u16(authority.length),
    ...u16(additional.length),
  ];
  for (const q of m.questions) bytes.push(...dnsName(q.name), ...u16(q.type), ...u16(1));
  for (const r of [...answers, ...authority, ...additional]) bytes.push(...record(r));
  return Uint8Array.from(bytes);
}

/** Record data: an IPv4 address. */
export function aData(address: string): Uint8Array {
  return Uint8Array.from(address.split('.').map(Number));
}

/** Record data: an IPv6 address in full or '::' form. */
export function aaaaData(address: string): Uint8Array {
  const [head = '', tail = ''] = address.split('::');
  const h = head ? head.split(':') : [];
  const t = tail ? tail.split(':') : [];
  const groups = address.includes('::')
    ? [...h, ...new Array(8 - h.length - t.length).fill('0'), ...t]
    : h;
  return Uint8Array.from(groups.flatMap((g) => u16(Number.parseInt(g, 16))));
}

/** Record data: TXT character strings. */
export function txtData(...texts: string[]): Uint8Array {
  return Uint8Array.from(texts.flatMap((t) => [t.length, ...Buffer.from(t, 'latin1')]));
}

/** Reads the id, first question name and type of a query (no compression in questions). */
export function readQuestion(
  q: Uint8Array,
): { id: number; name: string; type: number; end: number } | null {
  if (q.length < 17) return null;
  const labels: string[] = [];
  let at = 12;
  while (at < q.length && q[at] !== 0) {
    const length = q[at]!;
    if (length > 63 || at + 1 + length > q.length) return null;
    labels.push(Buffer.from(q.subarray(at + 1, at + 1 + length)).toString('latin1'));
    at += 1 + length;
  }
  if (at + 5 > q.length) return null;
  return {
    id: (q[0]! << 8) | q[1]!,
    name: labels.join('.'),
    type: (q[at + 1]! << 8) | q[at + 2]!,
    end: at + 5,
  };
}

/** A message led by its 2-byte length, as DNS over TCP sends it (RFC 1035 4.2.2). */
export function framedForTcp(message: Uint8Array): Uint8Array {
  return Uint8Array.from([...u16(message.length), ...message]);
}

/** The whole length-framed messages at the start of `bytes`, and the bytes left after them. */
export function unframeTcp(bytes: Uint8Array): { messages: Uint8Array[]; rest: Uint8Array } {
  const messages: Uint8Array[] = [];
  let at = 0;
  while (bytes.length - at >= 2) {
    const end = at + 2 + ((bytes[at]! << 8) | bytes[at + 1]!);
    if (end > bytes.length) break;
    messages.push(bytes.subarray(at + 2, end));
    at = end;
  }
  return { messages, rest: bytes.subarray(at) };
}
