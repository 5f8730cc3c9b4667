// Failures of the senders, against local peers on an address of the file's loopback block: each is a classified error on
// every message it concerns, within the timeout.
import dgram from 'node:dgram';
import net from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { testResources } from '../../../scripts/testing/current.ts';
import { testNetwork } from './testing/network.ts';
import { type SendResult, SyslogTransportError, sendSyslog } from './transport.ts';

const HOST = testResources().host(21);
const network = testNetwork();
const servers: net.Server[] = [];
const sockets = new Set<net.Socket>();

afterEach(async () => {
  for (const s of sockets) s.destroy();
  sockets.clear();
  await Promise.all(servers.splice(0).map((s) => new Promise((r) => s.close(r))));
});

/** A TCP server on HOST that accepts and then does `onSocket` (port 0: a free one). */
async function listen(onSocket: (socket: net.Socket) => void): Promise<number> {
  const server = net.createServer((socket) => {
    sockets.add(socket);
    socket.on('error', () => {});
    onSocket(socket);
  });
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, HOST, resolve));
  return (server.address() as net.AddressInfo).port;
}

async function closedPort(): Promise<number> {
  const port = await listen(() => {});
  await new Promise((r) => servers.pop()?.close(r));
  return port;
}

const failures = (results: SendResult[]) =>
  results.map((r) => (r.written ? 'written' : r.error.kind));

describe('sendSyslog failures', () => {
  it.each(['tcp', 'tls'] as const)(
    '%s: a closed port is "refused" for every message',
    async (protocol) => {
      const port = await closedPort();
      const results = await sendSyslog(network, { protocol, host: HOST, port }, ['a', 'b']);
      expect(failures(results)).toEqual(['refused', 'refused']);
      const error = (results[0] as { error: SyslogTransportError }).error;
      expect(error).toBeInstanceOf(SyslogTransportError);
      expect(error.message).toBe(`syslog ${protocol}://${HOST}:${port}: refused`);
    },
  );

  it('tls: a peer that never answers the handshake is a "timeout"', async () => {
    const port = await listen(() => {}); // accepts, says nothing
    const started = Date.now();
    const results = await sendSyslog(
      network,
      { protocol: 'tls', host: HOST, port, timeoutMs: 300 },
      ['a'],
    );
    expect(failures(results)).toEqual(['timeout']);
    expect((results[0] as { error: Error }).error.message).toBe(
      `syslog tls://${HOST}:${port}: timed out`,
    );
    expect(Date.now() - started).toBeLessThan(3000);
  });

  it('tls: a plain TCP peer that answers with text is a "tls" error', async () => {
    const port = await listen((socket) => socket.end('220 not a TLS server\r\n'));
    const results = await sendSyslog(
      network,
      { protocol: 'tls', host: HOST, port, timeoutMs: 3000 },
      ['a'],
    );
    expect(failures(results)).toEqual(['tls']);
  });

  it('tcp: a peer that stops reading makes a write time out, and the later messages unwritten', async () => {
    const port = await listen((socket) => socket.pause());
    const big = 'x'.repeat(60_000);
    const messages = Array.from({ length: 400 }, () => big); // 24 MB: more than the socket buffers
    const results = await sendSyslog(
      network,
      { protocol: 'tcp', host: HOST, port, timeoutMs: 500 },
      messages,
    );
    const kinds = failures(results);
    const first = kinds.indexOf('timeout');
    expect(first).toBeGreaterThan(0); // some went out before the buffers filled
    expect(kinds.slice(0, first).every((k) => k === 'written')).toBe(true);
    expect(kinds.slice(first).every((k) => k === 'timeout')).toBe(true);
  });

  it('udp: a message over the datagram limit is refused as "too_large", the others sent', async () => {
    const receiver = dgram.createSocket('udp4');
    const received: string[] = [];
    receiver.on('message', (m) => received.push(m.toString('utf8')));
    await new Promise<void>((resolve) => receiver.bind(0, HOST, resolve));
    try {
      const port = receiver.address().port;
      const results = await sendSyslog(
        network,
        { protocol: 'udp', host: HOST, port, maxUdpBytes: 100 },
        [
          'small',
          'é'.repeat(51), // 102 bytes
          'last',
        ],
      );
      expect(failures(results)).toEqual(['written', 'too_large', 'written']);
      expect((results[1] as { error: Error }).error.message).toBe(
        `syslog udp://${HOST}:${port}: message of 102 bytes is over the 100-byte datagram limit (use TCP or TLS)`,
      );
      const until = Date.now() + 3000;
      while (received.length < 2 && Date.now() < until) await new Promise((r) => setTimeout(r, 20));
      expect(received).toEqual(['small', 'last']);
    } finally {
      receiver.close();
    }
  });

  it('udp: refuses a limit above the IPv4 datagram size', async () => {
    await expect(
      sendSyslog(network, { protocol: 'udp', host: HOST, port: 9, maxUdpBytes: 70_000 }, ['a']),
    ).rejects.toThrow('maxUdpBytes 70000 is not 1–65507');
  });
});
