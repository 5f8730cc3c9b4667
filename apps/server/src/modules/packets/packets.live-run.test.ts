import { once } from 'node:events';
import net, { type AddressInfo } from 'node:net';
import { setTimeout as delay } from 'node:timers/promises';
import type { TLiveServerMessage, TPacket } from '@netguard/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { WebSocket } from 'ws';
import { createLogger } from '../../lib/logger.ts';
import type { SocketPeer } from '../../realtime/auth-first.ts';
import { MAX_BUFFERED_BYTES, runLiveCapture } from './packets.live-run.ts';

let server: net.Server;
let port: number;

beforeAll(async () => {
  server = net.createServer((socket) => socket.end('bye\n'));
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  port = (server.address() as AddressInfo).port;
});
afterAll(() => server.close());

function connectOnce() {
  return new Promise<void>((resolve) => {
    const socket = net.connect(port, '127.0.0.1', () => socket.write('hi\n'));
    socket.on('data', () => undefined);
    socket.on('close', () => resolve());
    socket.on('error', () => resolve());
  });
}

/** A socket whose backlog the test sets: what a browser that stopped reading looks like. */
function peerWithBacklog() {
  const sent: TLiveServerMessage[] = [];
  const socket = { bufferedAmount: 0 };
  const peer = {
    socket: socket as unknown as WebSocket,
    auth: null,
    lastSeen: Date.now(),
    send: (message: TLiveServerMessage) => sent.push(message),
  } satisfies SocketPeer<TLiveServerMessage>;
  return { peer, socket, sent };
}

const batches = (sent: TLiveServerMessage[]) =>
  sent.filter((m): m is Extract<TLiveServerMessage, { type: 'packets' }> => m.type === 'packets');

async function trafficUntil(done: () => boolean, ms = 10_000) {
  const deadline = Date.now() + ms;
  while (!done()) {
    if (Date.now() > deadline) throw new Error('no packets arrived in time');
    await connectOnce();
    await delay(50);
  }
}

describe('runLiveCapture', () => {
  it('drops batches while the socket is backed up and reports the count with the next one', async () => {
    const { peer, socket, sent } = peerWithBacklog();
    const capture = runLiveCapture(
      peer,
      { interface: 'lo', bpf: `tcp port ${port}`, tcpdumpPath: undefined },
      createLogger('silent'),
    );
    await trafficUntil(() => batches(sent).length > 0);
    socket.bufferedAmount = MAX_BUFFERED_BYTES + 1;
    const before = batches(sent).length;
    await delay(300);
    for (let i = 0; i < 5; i++) await connectOnce();
    await delay(600);
    // Nothing more was queued on the backed-up socket.
    expect(batches(sent)).toHaveLength(before);
    socket.bufferedAmount = 0;
    await trafficUntil(() => batches(sent).length > before);
    const resumed = batches(sent)[before];
    // Five connections of at least five packets each were dropped meanwhile.
    expect(resumed?.dropped).toBeGreaterThanOrEqual(25);
    expect(
      batches(sent)
        .slice(0, before)
        .every((b) => b.dropped === undefined),
    ).toBe(true);
    capture.stop();
    await capture.done;
    expect(sent.at(-1)).toEqual({ type: 'stopped', reason: null });
    const packets: TPacket[] = batches(sent).flatMap((b) => b.packets);
    expect(packets.every((p) => p.layers.some((l) => l.name === 'tcp'))).toBe(true);
  });

  it('reports the reason it was stopped for', async () => {
    const { peer, sent } = peerWithBacklog();
    const capture = runLiveCapture(
      peer,
      { interface: 'lo', bpf: `tcp port ${port}`, tcpdumpPath: undefined },
      createLogger('silent'),
    );
    capture.stop('Live capture needs the admin role');
    await capture.done;
    expect(sent.at(-1)).toEqual({ type: 'stopped', reason: 'Live capture needs the admin role' });
  });
});
