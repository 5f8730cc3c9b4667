import { describe, expect, it } from 'vitest';
import {
  aaaaData,
  aData,
  DNS_TYPE,
  dnsName,
  encodeDns,
  framedForTcp,
  txtData,
} from '../testing/dns-wire.ts';
import { bytes, ethernet, frameOf, ipv4, tcp, u16, u32, udp } from '../testing/frame-builder.ts';
import { fieldValues } from '../testing/packet-fields.ts';
import { createDissectContext, type DissectContext, dissectFrame } from './index.ts';

const overUdp = (payload: Uint8Array, src = 40000, dst = 53) =>
  dissectFrame(
    frameOf(
      ethernet(
        '02:00:00:00:00:01',
        '02:00:00:00:00:02',
        0x0800,
        ipv4('10.0.0.1', '10.0.0.2', 17, udp(src, dst, payload)),
      ),
    ),
  );

// A record whose owner name is a pointer to the question name at offset 12.
const pointed = (type: number, data: Uint8Array) =>
  bytes([0xc0, 12], u16(type), u16(1), u32(60), u16(data.length), data);

/** A segment from 192.0.2.2:53 to 192.0.2.1:`port` with sequence number `seq`. */
const fromServer = (context: DissectContext, seq: number, payload: Uint8Array, port = 40001) =>
  dissectFrame(
    frameOf(
      ethernet(
        '02:00:00:00:00:02',
        '02:00:00:00:00:01',
        0x0800,
        ipv4('192.0.2.2', '192.0.2.1', 6, tcp(53, port, { flags: 0x18, seq }, payload)),
      ),
    ),
    { context },
  );

describe('DNS', () => {
  it('shows a query with its type, name and EDNS record', () => {
    const query = encodeDns({
      id: 0x1a2b,
      flags: 0x0100,
      questions: [{ name: 'example.test', type: DNS_TYPE.A }],
      additional: [{ name: '', type: DNS_TYPE.OPT, data: new Uint8Array(0) }],
    });
    const packet = overUdp(query);
    expect([packet.protocol, packet.info]).toEqual([
      'DNS',
      'Standard query 0x1a2b A example.test OPT',
    ]);
    expect(fieldValues(packet, 'dns.qry.name')).toEqual(['example.test']);
    expect(fieldValues(packet, 'dns.flags.response')).toEqual([false]);
  });

  it('shows every answer type Wireshark summarises, through compressed names', () => {
    const header = encodeDns({
      id: 0x1a2b,
      flags: 0x8180,
      questions: [{ name: 'example.test', type: DNS_TYPE.A }],
    });
    const answers = [
      pointed(DNS_TYPE.A, aData('127.0.0.1')),
      pointed(DNS_TYPE.AAAA, aaaaData('::1')),
      pointed(DNS_TYPE.CNAME, dnsName('alias.test')),
      pointed(DNS_TYPE.MX, bytes(u16(10), dnsName('mail.test'))),
      pointed(DNS_TYPE.TXT, txtData('hello', 'abc')),
      pointed(DNS_TYPE.NS, dnsName('ns.test')),
      pointed(DNS_TYPE.PTR, bytes([3], 'ptr', [0xc0, 12])),
      pointed(
        DNS_TYPE.SOA,
        bytes(dnsName('ns.test'), dnsName('admin.test'), u32(1), u32(2), u32(3), u32(4), u32(5)),
      ),
    ];
    const message = bytes(header, ...answers);
    message[7] = answers.length;
    const packet = overUdp(message, 53, 40000);
    expect(packet.info).toBe(
      'Standard query response 0x1a2b A example.test A 127.0.0.1 AAAA ::1 CNAME alias.test MX 10 mail.test TXT NS ns.test PTR ptr.example.test SOA ns.test',
    );
    expect(fieldValues(packet, 'dns.a')).toEqual(['127.0.0.1']);
    expect(fieldValues(packet, 'dns.txt')).toEqual(['hello', 'abc']);
    expect(fieldValues(packet, 'dns.resp.name')[0]).toBe('example.test');
  });

  it('names response codes', () => {
    const packet = overUdp(
      encodeDns({ id: 2, flags: 0x8183, questions: [{ name: 'nx.test', type: DNS_TYPE.AAAA }] }),
      53,
      40000,
    );
    expect(packet.info).toBe('Standard query response 0x0002 No such name AAAA nx.test');
    expect(fieldValues(packet, 'dns.flags.rcode')).toEqual([3]);
  });

  it('stops at a compression pointer loop with Wireshark words, and reads the root name', () => {
    const loop = bytes(
      u16(1),
      u16(0x0100),
      u16(1),
      u16(0),
      u16(0),
      u16(0),
      [0xc0, 12],
      u16(1),
      u16(1),
    );
    expect(overUdp(loop).info).toBe('Standard query 0x0001 A <Name contains a pointer that loops>');
    const root = encodeDns({ id: 2, flags: 0x0100, questions: [{ name: '', type: DNS_TYPE.NS }] });
    expect(overUdp(root).info).toBe('Standard query 0x0002 NS <Root>');
  });

  it('reads DNS over TCP after its length prefix', () => {
    const query = encodeDns({
      id: 7,
      flags: 0x0100,
      questions: [{ name: 'example.test', type: DNS_TYPE.TXT }],
    });
    const packet = dissectFrame(
      frameOf(
        ethernet(
          '02:00:00:00:00:01',
          '02:00:00:00:00:02',
          0x0800,
          ipv4('192.0.2.1', '192.0.2.2', 6, tcp(40001, 53, { flags: 0x18 }, framedForTcp(query))),
        ),
      ),
    );
    expect([packet.protocol, packet.info]).toEqual([
      'DNS',
      'Standard query 0x0007 TXT example.test',
    ]);
  });

  it('marks a cut message malformed after what it could read, and calls port 5353 MDNS', () => {
    const query = encodeDns({
      id: 0x1a2b,
      flags: 0x0100,
      questions: [{ name: 'example.test', type: DNS_TYPE.A }],
    });
    expect(overUdp(query.subarray(0, 20)).info).toBe('Standard query 0x1a2b[Malformed Packet]');
    const mdns = overUdp(query, 5353, 5353);
    expect([mdns.protocol, mdns.info]).toEqual(['MDNS', 'Standard query 0x1a2b A example.test']);
  });

  describe('over TCP, spanning segments', () => {
    const response = encodeDns({
      id: 0x0042,
      flags: 0x8400,
      questions: [{ name: 'split.test', type: DNS_TYPE.A }],
      answers: [{ name: 'split.test', type: DNS_TYPE.A, data: aData('127.0.91.81') }],
    });
    const framed = framedForTcp(response);

    it('shows the message in the segment that completes it', () => {
      const context = createDissectContext();
      const first = fromServer(context, 5000, framed.subarray(0, 7));
      const last = fromServer(context, 5007, framed.subarray(7));
      expect(first.protocol).toBe('TCP');
      expect(first.info).toMatch(/Len=7 \[TCP segment of a reassembled PDU\]$/);
      expect([last.protocol, last.info]).toEqual([
        'DNS',
        'Standard query response 0x0042 A split.test A 127.0.91.81',
      ]);
      expect(fieldValues(last, 'dns.a')).toEqual(['127.0.91.81']);
    });

    it('drops a message whose next segment is missing', () => {
      const context = createDissectContext();
      fromServer(context, 5000, framed.subarray(0, 7));
      // The rest was lost; the next answer arrives whole after the gap and is read on its own.
      const after = fromServer(context, 5100, framed);
      expect([after.protocol, after.info]).toEqual([
        'DNS',
        'Standard query response 0x0042 A split.test A 127.0.91.81',
      ]);
      expect(context.dnsMessages.size).toBe(0);
    });

    it('reads every message of a segment and holds the one that goes on', () => {
      const context = createDissectContext();
      const both = fromServer(context, 1, bytes(framed, framed, framed.subarray(0, 5)));
      expect(both.layers.filter((l) => l.name === 'dns')).toHaveLength(2);
      expect(both.info).toBe('Standard query response 0x0042 A split.test A 127.0.91.81');
      const rest = fromServer(context, 1 + 2 * framed.length + 5, framed.subarray(5));
      expect(fieldValues(rest, 'dns.a')).toEqual(['127.0.91.81']);
    });

    it('holds at most 256 unfinished messages', () => {
      const context = createDissectContext();
      for (let port = 40000; port < 40300; port++)
        fromServer(context, 1, framed.subarray(0, 7), port);
      expect(context.dnsMessages.size).toBe(256);
    });
  });
});
