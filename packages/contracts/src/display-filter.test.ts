import { describe, expect, it } from 'vitest';
import { compilePacketFilter } from './display-filter.ts';
import type { TPacket, TPacketLayer } from './packets.ts';

type Fields = Record<string, string | number | boolean>;

const layer = (name: string, fields: Fields): TPacketLayer => ({
  name,
  summary: name,
  fields: Object.entries(fields).map(([n, value]) => ({ name: n, label: n, value })),
});

function packet(id: number, protocol: string, info: string, layers: TPacketLayer[]): TPacket {
  const ip = layers.find((l) => l.name === 'ip' || l.name === 'ipv6');
  const field = (n: string) => String(ip?.fields.find((f) => f.name.endsWith(n))?.value ?? '');
  return {
    id,
    time: 1_700_000_000 + id,
    timestamp: new Date((1_700_000_000 + id) * 1000).toISOString(),
    source: field('.src'),
    destination: field('.dst'),
    protocol,
    length: 60 + id,
    info,
    payload: '',
    flags: [],
    type: 'incoming',
    layers,
    link_type: 1,
    captured_length: 60 + id,
  };
}

const eth = layer('eth', { 'eth.src': '02:00:00:00:00:01', 'eth.dst': '02:00:00:00:00:02' });
const ip = (src: string, dst: string, ttl = 64) =>
  layer('ip', { 'ip.src': src, 'ip.dst': dst, 'ip.ttl': ttl });
const tcp = (src: number, dst: number, syn: boolean) =>
  layer('tcp', { 'tcp.srcport': src, 'tcp.dstport': dst, 'tcp.flags.syn': syn, 'tcp.len': 0 });

const PACKETS: TPacket[] = [
  packet(1, 'TCP', '51234 → 80 [SYN] Seq=0', [
    eth,
    ip('127.0.0.1', '127.0.0.2'),
    tcp(51234, 80, true),
  ]),
  packet(2, 'HTTP', 'GET /index.html HTTP/1.1', [
    eth,
    ip('127.0.0.1', '127.0.0.2'),
    tcp(51234, 80, false),
    layer('http', { 'http.request.method': 'GET', 'http.host': 'Example.test' }),
  ]),
  packet(3, 'DNS', 'Standard query 0x1a2b A example.test', [
    eth,
    ip('10.1.2.3', '127.0.0.53', 1),
    layer('udp', { 'udp.srcport': 40000, 'udp.dstport': 53 }),
    layer('dns', { 'dns.qry.name': 'example.test', 'dns.id': 0x1a2b }),
  ]),
  packet(4, 'ARP', 'Who has 127.0.0.2? Tell 127.0.0.1', [
    eth,
    layer('arp', { 'arp.opcode': 1, 'arp.src.proto_ipv4': '127.0.0.1' }),
  ]),
  packet(5, 'ICMPv6', 'Echo (ping) request', [
    layer('ipv6', { 'ipv6.src': 'fe80::1', 'ipv6.dst': '2001:db8::2' }),
    layer('icmpv6', { 'icmpv6.type': 128 }),
  ]),
  // A Demo-source packet: columns only, no layers.
  packet(6, 'TLSv1.3', 'Application Data', []),
];

function ids(filter: string, extra: { search?: string; protocol?: string } = {}): number[] {
  const compiled = compilePacketFilter({ filter, ...extra });
  if (!compiled.ok) throw new Error(compiled.error);
  return PACKETS.filter(compiled.match).map((p) => p.id);
}

function error(filter: string): string {
  const compiled = compilePacketFilter({ filter });
  if (compiled.ok) throw new Error(`'${filter}' compiled`);
  return compiled.error;
}

describe('compilePacketFilter: search and protocol (the spec filter)', () => {
  it('matches all packets when every filter is empty or all', () => {
    expect(ids('', { search: '  ', protocol: 'all' })).toEqual([1, 2, 3, 4, 5, 6]);
  });

  it('searches source, destination, protocol and info ignoring case', () => {
    expect(ids('', { search: '127.0.0.53' })).toEqual([3]);
    expect(ids('', { search: 'dns' })).toEqual([3]);
    expect(ids('', { search: 'who HAS' })).toEqual([4]);
    expect(ids('', { search: 'fe80' })).toEqual([5]);
  });

  it('keeps only the chosen protocol, by equality ignoring case', () => {
    expect(ids('', { protocol: 'tcp' })).toEqual([1]);
    expect(ids('', { protocol: 'TLSv1.3' })).toEqual([6]);
    expect(ids('', { protocol: 'TLS' })).toEqual([]);
  });

  it('combines search, protocol and display filter with and', () => {
    expect(ids('ip.ttl == 64', { search: '127.0.0.2', protocol: 'HTTP' })).toEqual([2]);
    expect(ids('ip.ttl == 1', { search: '127.0.0.2', protocol: 'HTTP' })).toEqual([]);
  });
});

describe('compilePacketFilter: display filter', () => {
  it('tests the presence of a layer with a bare protocol name', () => {
    expect(ids('tcp')).toEqual([1, 2]);
    expect(ids('ip')).toEqual([1, 2, 3]);
    expect(ids('ipv6')).toEqual([5]);
    expect(ids('eth')).toEqual([1, 2, 3, 4]);
    expect(ids('frame')).toEqual([1, 2, 3, 4, 5, 6]);
  });

  it('reads the protocol column of packets without layers', () => {
    expect(ids('tls')).toEqual([6]);
    expect(ids('ssh')).toEqual([]);
  });

  it('tests the presence of a field', () => {
    expect(ids('http.host')).toEqual([2]);
    expect(ids('tcp.flags.syn')).toEqual([1, 2]);
  });

  it('matches ip.addr on source or destination and tcp.port on either port', () => {
    expect(ids('ip.addr == 127.0.0.2')).toEqual([1, 2]);
    expect(ids('ip.addr == 10.1.2.3')).toEqual([3]);
    expect(ids('ip.src == 127.0.0.2')).toEqual([]);
    expect(ids('tcp.port == 51234')).toEqual([1, 2]);
    expect(ids('tcp.port == 80')).toEqual([1, 2]);
    expect(ids('udp.port == 53')).toEqual([3]);
  });

  it('supports every comparison operator in symbols and words', () => {
    expect(ids('ip.ttl == 1')).toEqual([3]);
    expect(ids('ip.ttl eq 1')).toEqual([3]);
    expect(ids('ip.ttl != 1')).toEqual([1, 2]);
    expect(ids('ip.ttl ne 1')).toEqual([1, 2]);
    expect(ids('frame.len > 63')).toEqual([4, 5, 6]);
    expect(ids('frame.len gt 63')).toEqual([4, 5, 6]);
    expect(ids('frame.len < 63')).toEqual([1, 2]);
    expect(ids('frame.len lt 63')).toEqual([1, 2]);
    expect(ids('frame.len >= 63')).toEqual([3, 4, 5, 6]);
    expect(ids('frame.len ge 63')).toEqual([3, 4, 5, 6]);
    expect(ids('frame.len <= 63')).toEqual([1, 2, 3]);
    expect(ids('frame.len le 63')).toEqual([1, 2, 3]);
  });

  it('treats != as "present and not equal", like Wireshark', () => {
    // Packets without an IPv4 layer do not match ip.addr != x.
    expect(ids('ip.addr != 127.0.0.1')).toEqual([3]);
    // ~= is "any occurrence differs".
    expect(ids('ip.addr ~= 127.0.0.1')).toEqual([1, 2, 3]);
  });

  it('gives not precedence over and, and and over or', () => {
    expect(ids('udp or tcp and http')).toEqual([2, 3]);
    expect(ids('(udp or tcp) and http')).toEqual([2]);
    expect(ids('not tcp and ip')).toEqual([3]);
    expect(ids('!(tcp and ip) && eth')).toEqual([3, 4]);
    expect(ids('not not tcp')).toEqual([1, 2]);
    expect(ids('tcp || arp && eth')).toEqual([1, 2, 4]);
  });

  it('compares numbers as numbers, hex included, and strings as text', () => {
    expect(ids('dns.id == 0x1a2b')).toEqual([3]);
    expect(ids('dns.id == 6699')).toEqual([3]);
    expect(ids('tcp.dstport == 080')).toEqual([1, 2]);
    expect(ids('tcp.dstport == "80"')).toEqual([]);
    expect(ids('dns.qry.name == "example.test"')).toEqual([3]);
    expect(ids('dns.qry.name == example.test')).toEqual([3]);
    expect(ids('tcp.flags.syn == 1')).toEqual([1]);
    expect(ids('tcp.flags.syn == true')).toEqual([1]);
    expect(ids('tcp.flags.syn == 0')).toEqual([2]);
  });

  it('matches contains case-sensitively, like Wireshark', () => {
    expect(ids('http.host contains "Example"')).toEqual([2]);
    expect(ids('http.host contains "example"')).toEqual([]);
    expect(ids('dns.qry.name contains ".test"')).toEqual([3]);
  });

  it('matches IPv4 subnets, orders addresses numerically and normalises IPv6 and MAC values', () => {
    expect(ids('ip.addr == 127.0.0.0/8')).toEqual([1, 2, 3]);
    expect(ids('ip.src == 10.0.0.0/8')).toEqual([3]);
    expect(ids('ip.src > 9.255.255.255 and ip.src < 10.1.2.4')).toEqual([3]);
    expect(ids('ipv6.addr == 2001:DB8:0:0:0:0:0:2')).toEqual([5]);
    expect(ids('eth.src == 02-00-00-00-00-01')).toEqual([1, 2, 3, 4]);
    expect(ids('eth.addr == 02:00:00:00:00:02')).toEqual([1, 2, 3, 4]);
  });

  it('matches sets of values and ranges with in', () => {
    expect(ids('tcp.port in {443 80}')).toEqual([1, 2]);
    expect(ids('udp.dstport in {1..52, 54..1024}')).toEqual([]);
    expect(ids('udp.dstport in {1..1024}')).toEqual([3]);
    expect(ids('ip.src in {"10.1.2.3" 127.0.0.9}')).toEqual([3]);
  });

  it('accepts upper-case keywords and field names', () => {
    expect(ids('TCP.PORT == 80 AND NOT HTTP')).toEqual([1]);
  });
});

describe('compilePacketFilter: errors', () => {
  it.each([
    ['ip.src == ', "Invalid display filter: expected a value after '==' at position 11"],
    ['tcp.port ==', "Invalid display filter: expected a value after '==' at position 12"],
    [
      'ip.src = 1.2.3.4',
      "Invalid display filter: unexpected '=' (use '==' to compare) at position 8",
    ],
    ['(tcp or udp', "Invalid display filter: unclosed '(' at position 1"],
    [
      'tcp)',
      "Invalid display filter: unexpected ')' (expected 'and', 'or' or the end) at position 4",
    ],
    [
      'tcp udp',
      "Invalid display filter: unexpected 'udp' (expected 'and', 'or' or the end) at position 5",
    ],
    ['tcp and', "Invalid display filter: expected an expression after 'and' at position 8"],
    [
      'tcp and or udp',
      "Invalid display filter: expected a field or protocol name, found 'or' at position 9",
    ],
    [
      'htpp.host',
      "Invalid display filter: 'htpp.host' is neither a field nor a protocol name at position 1",
    ],
    [
      'tcp == 1',
      "Invalid display filter: 'tcp' is a protocol; compare one of its fields, such as tcp.<field> at position 1",
    ],
    [
      'http.host == "abc',
      'Invalid display filter: unterminated string (a closing quote is missing) at position 14',
    ],
    ['tcp.port in {80', "Invalid display filter: unclosed '{' at position 13"],
    ['tcp.port in 80', "Invalid display filter: expected '{' after 'in' at position 13"],
    [
      'tcp.port in {a..b}',
      "Invalid display filter: a range in a set needs two numbers, found 'a..b' at position 14",
    ],
    ['tcp & udp', "Invalid display filter: unexpected '&' (use '&&' or 'and') at position 5"],
    [
      'tcp.port == 80 | udp',
      "Invalid display filter: unexpected '|' (use '||' or 'or') at position 16",
    ],
    ['eth.src[0:3] == 02', "Invalid display filter: unexpected '[' at position 8"],
    [
      '== 80',
      "Invalid display filter: expected a field or protocol name, found '==' at position 1",
    ],
  ])('%s', (filter, message) => {
    expect(error(filter)).toBe(message);
  });

  it('does not throw on any prefix of a valid filter', () => {
    const full =
      '!(ip.addr == 10.0.0.0/8) && (tcp.port in {80 443} || dns.qry.name contains "a\\"b")';
    for (let i = 0; i <= full.length; i++) {
      expect(() => compilePacketFilter({ filter: full.slice(0, i) })).not.toThrow();
    }
    expect(compilePacketFilter({ filter: full }).ok).toBe(true);
  });
});

describe('compilePacketFilter: speed', () => {
  it('evaluates a compiled filter on 100k packets in well under a second', () => {
    const compiled = compilePacketFilter({
      filter: 'ip.addr == 127.0.0.2 && tcp.port in {80 443}',
    });
    if (!compiled.ok) throw new Error(compiled.error);
    const started = performance.now();
    let matched = 0;
    for (let i = 0; i < 100_000; i++) if (compiled.match(PACKETS[i % PACKETS.length]!)) matched++;
    expect(matched).toBe(33_334);
    expect(performance.now() - started).toBeLessThan(500);
  });
});
