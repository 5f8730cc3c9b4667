import type { ServiceInfo } from '../../types.ts';
import { cpeFor } from '../cpe.ts';
import { type Endpoint, exchange, printable } from '../exchange.ts';

/** A DNS query for version.bind TXT in class CHAOS, the classic server-version question. */
export function versionBindQuery(id: number): Buffer {
  const header = Buffer.from([id >> 8, id & 255, 1, 0, 0, 1, 0, 0, 0, 0, 0, 0]);
  const name = Buffer.from([7, ...Buffer.from('version'), 4, ...Buffer.from('bind'), 0]);
  return Buffer.concat([header, name, Buffer.from([0, 16, 0, 3])]);
}

/** Reads a DNS response to query `id`: the rcode and the first TXT string answered, if any. */
export function parseDnsResponse(msg: Buffer, id: number): { rcode: number; txt?: string } | null {
  if (msg.length < 12 || msg.readUInt16BE(0) !== id || !(msg[2]! & 0x80)) return null;
  const rcode = msg[3]! & 15;
  if (msg.readUInt16BE(6) === 0) return { rcode };
  let i = 12;
  while (i < msg.length && msg[i] !== 0) i += msg[i]! + 1;
  i += 5;
  // Answer name: a compression pointer or labels.
  if ((msg[i]! & 0xc0) === 0xc0) i += 2;
  else {
    while (i < msg.length && msg[i] !== 0) i += msg[i]! + 1;
    i += 1;
  }
  const type = msg.readUInt16BE(i);
  const rdata = i + 10;
  if (type !== 16 || rdata >= msg.length) return { rcode };
  return { rcode, txt: msg.toString('latin1', rdata + 1, rdata + 1 + msg[rdata]!) };
}

/** Names a DNS server from its version.bind answer ("9.18.24" is ISC BIND). */
export function dnsService(answer: { rcode: number; txt?: string }, raw: Buffer): ServiceInfo {
  const bind = answer.txt && /^(\d+\.\d+\.\d+)/.exec(answer.txt);
  const product = bind ? 'BIND' : answer.txt?.split(/[ -/]/)[0] || undefined;
  const version = bind ? bind[1] : undefined;
  return {
    name: 'domain',
    product,
    version,
    cpe: cpeFor(product, version),
    banner: printable(raw, 120),
    extra: answer.txt ? { version_bind: answer.txt } : {},
  };
}

/** DNS over TCP: a length-prefixed version.bind query. */
export async function probeDnsTcp(endpoint: Endpoint): Promise<ServiceInfo | null> {
  const query = versionBindQuery(0x4e47);
  const framed = Buffer.concat([Buffer.from([0, query.length]), query]);
  const { data } = await exchange(endpoint, {
    send: framed,
    complete: (d) =>
      d.length >= 4 && (d.readUInt16BE(2) !== 0x4e47 || d.length >= d.readUInt16BE(0) + 2),
  });
  if (data.length < 14) return null;
  const answer = parseDnsResponse(data.subarray(2), 0x4e47);
  return answer ? dnsService(answer, data.subarray(2)) : null;
}
