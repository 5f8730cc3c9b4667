// A small authoritative DNS server for the tests, over UDP and TCP on one loopback address and
// port, answering A, AAAA and TXT from a fixed zone and NXDOMAIN for other names. Over TCP, the
// answers to queries that arrive together go out in one write, except those about split.test,
// which go out in three segments, 20 ms apart, as a slow server's would.
import dgram from 'node:dgram';
import net from 'node:net';
import {
  aaaaData,
  aData,
  DNS_TYPE,
  type DnsRecord,
  encodeDns,
  framedForTcp,
  readQuestion,
  txtData,
  unframeTcp,
} from './dns-wire.ts';

export type DnsServer = { host: string; port: number; close(): Promise<void> };

/** The zone the server answers from. */
export const TEST_ZONE: Record<string, DnsRecord[]> = {
  'example.test': [
    { name: 'example.test', type: DNS_TYPE.A, data: aData('127.0.91.80') },
    { name: 'example.test', type: DNS_TYPE.AAAA, data: aaaaData('fd00::80') },
    { name: 'example.test', type: DNS_TYPE.TXT, data: txtData('v=netguard test') },
  ],
  'split.test': [{ name: 'split.test', type: DNS_TYPE.A, data: aData('127.0.91.81') }],
};

/** split.test's TCP reply in three writes, so that it spans segments. */
function sendSplit(socket: net.Socket, framed: Uint8Array): void {
  socket.write(framed.subarray(0, 7));
  setTimeout(() => socket.write(framed.subarray(7, 20)), 20);
  setTimeout(() => socket.write(framed.subarray(20)), 40);
}

function answer(query: Uint8Array): Uint8Array | null {
  const question = readQuestion(query);
  if (!question) return null;
  const records = TEST_ZONE[question.name.toLowerCase()];
  const answers = records?.filter((r) => r.type === question.type) ?? [];
  // QR, AA and the query's RD bit; RCODE 3 (NXDOMAIN) for unknown names.
  const flags = 0x8400 | ((query[2]! & 0x01) * 0x100) | (records ? 0 : 3);
  return encodeDns({
    id: question.id,
    flags,
    questions: [{ name: question.name, type: question.type }],
    answers,
  });
}

/** Starts the server on `host`; port 53 unless taken or not allowed, then a free port. */
export async function startDnsServer(host: string): Promise<DnsServer> {
  const tcp = net.createServer((socket) => {
    let buffered: Uint8Array = Buffer.alloc(0);
    socket.on('error', () => {});
    socket.on('data', (chunk) => {
      const { messages, rest } = unframeTcp(Buffer.concat([buffered, chunk]));
      buffered = rest;
      const replies: Uint8Array[] = [];
      for (const query of messages) {
        const reply = answer(query);
        if (!reply) continue;
        if (readQuestion(query)?.name.toLowerCase() === 'split.test')
          sendSplit(socket, framedForTcp(reply));
        else replies.push(framedForTcp(reply));
      }
      if (replies.length > 0) socket.write(Buffer.concat(replies));
    });
  });
  const port = await listenTcp(tcp, host, 53).catch(() => listenTcp(tcp, host, 0));
  const udp = dgram.createSocket('udp4');
  udp.on('message', (message, from) => {
    const reply = answer(message);
    if (reply) udp.send(reply, from.port, from.address);
  });
  await new Promise<void>((resolve, reject) => {
    udp.once('error', reject);
    udp.bind(port, host, () => resolve());
  });
  return {
    host,
    port,
    close: async () => {
      await new Promise<void>((resolve) => udp.close(() => resolve()));
      await new Promise<void>((resolve) => tcp.close(() => resolve()));
    },
  };
}

function listenTcp(server: net.Server, host: string, port: number): Promise<number> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve((server.address() as net.AddressInfo).port);
    });
  });
}
