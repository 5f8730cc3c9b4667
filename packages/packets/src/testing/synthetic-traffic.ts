import type { Frame } from '../types.ts';
import { dnsQuery, dnsResponse, TCP_FLAGS, tcpFrame, udpFrame } from './synthetic-frames.ts';
import { createRandom, type Random } from './synthetic-random.ts';

// Documentation and private ranges: generated captures are files, never sent anywhere.
const CLIENTS = ['10.1.0.10', '10.1.0.11', '10.1.0.12', '10.1.0.13'];
const SERVERS = ['192.0.2.10', '198.51.100.20', '203.0.113.30'];
const RESOLVER = '10.1.0.1';
const NAMES = ['example.com', 'www.example.org', 'api.example.net', 'cdn.example.com'];
const { ACK, PSH, SYN, FIN } = TCP_FLAGS;
const EMPTY = new Uint8Array(0);
const encoder = new TextEncoder();

/** Epoch second the generated traffic starts at (2023-11-14). */
export const SYNTHETIC_START_SECONDS = 1_700_000_000;

/**
 * `count` Ethernet frames of a plausible mix: TCP ACKs and small segments, full-size 1514-byte
 * segments, mid-size ones, handshakes and FINs, HTTP requests, DNS queries and answers; about
 * 450 bytes a frame on average. Same seed, same frames.
 */
export function* syntheticTraffic(count: number, seed = 1): Generator<Frame> {
  const random = createRandom(seed);
  const pool = random.bytes(65_536);
  let seconds = SYNTHETIC_START_SECONDS;
  let nanos = 0;
  for (let number = 1; number <= count; number++) {
    nanos += random.int(1_000, 200_000);
    if (nanos >= 1e9) {
      seconds++;
      nanos -= 1e9;
    }
    const data = syntheticFrame(random, pool, number);
    yield {
      number,
      seconds,
      nanos,
      capturedLength: data.length,
      originalLength: data.length,
      linkType: 1,
      interfaceId: 0,
      offset: 0,
      data,
    };
  }
}

function syntheticFrame(random: Random, pool: Uint8Array, number: number): Uint8Array {
  const client = CLIENTS[number % CLIENTS.length]!;
  const server = SERVERS[number % SERVERS.length]!;
  const name = NAMES[number % NAMES.length]!;
  const clientPort = 40_000 + (number % 2000);
  const roll = random.next();
  if (roll < 0.15) {
    const query = dnsQuery(number & 0xffff, name);
    return udpFrame({ src: client, dst: RESOLVER, srcPort: clientPort, dstPort: 53 }, query);
  }
  if (roll < 0.25) {
    const answer = dnsResponse(number & 0xffff, name, server);
    return udpFrame({ src: RESOLVER, dst: client, srcPort: 53, dstPort: clientPort }, answer);
  }
  const seq = (number * 7919) >>> 0;
  const up = (dstPort: number, flags: number, payload: Uint8Array, ack = seq + 1) =>
    tcpFrame({ src: client, dst: server, srcPort: clientPort, dstPort, seq, ack, flags, payload });
  const down = (flags: number, payload: Uint8Array) =>
    tcpFrame({
      src: server,
      dst: client,
      srcPort: 443,
      dstPort: clientPort,
      seq,
      ack: seq + 1,
      flags,
      payload,
    });
  if (roll < 0.62) return up(443, ACK, slice(random, pool, random.int(0, 1) * random.int(1, 60)));
  if (roll < 0.87) return down(ACK, slice(random, pool, 1460));
  if (roll < 0.95) return down(ACK | PSH, slice(random, pool, random.int(100, 900)));
  if (roll < 0.97) {
    const request = `GET /item/${number} HTTP/1.1\r\nHost: ${NAMES[0]}\r\nUser-Agent: synthetic\r\n\r\n`;
    return up(80, ACK | PSH, encoder.encode(request));
  }
  if (roll < 0.99) return up(443, SYN, EMPTY, 0);
  return up(443, FIN | ACK, EMPTY);
}

/** n bytes from a random place in the pool: payloads that do not compress to nothing. */
function slice(random: Random, pool: Uint8Array, n: number): Uint8Array {
  const at = random.int(0, pool.length - n);
  return pool.subarray(at, at + n);
}
