import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort, type Peer, startTcpPeer } from '../testing/peers.ts';
import { createRawProbe } from './raw-tcp.ts';
import { probeTcp, probeTcpSocket } from './tcp-probe.ts';

let peer: Peer;
beforeAll(async () => {
  peer = await startTcpPeer('127.0.0.1');
});
afterAll(() => peer.close());

const raw = createRawProbe();

it('uses the raw libuv prober on this Node', () => {
  expect(raw).not.toBeNull();
  expect(probeTcp).not.toBe(probeTcpSocket);
});

describe.each([
  ['raw handles', raw!],
  ['net.Socket', probeTcpSocket],
])('probe over %s', (_name, probeTcp) => {
  it('reports a listening port as open with its round-trip time', async () => {
    const outcome = await probeTcp('127.0.0.1', peer.port, 1000);
    expect(outcome.state).toBe('open');
    expect(outcome.state === 'open' && outcome.rttMs).toBeLessThan(1000);
  });

  it('reports a refused connection as closed', async () => {
    const port = await freePort('127.0.0.1');
    expect((await probeTcp('127.0.0.1', port, 1000)).state).toBe('closed');
  });

  it('does not mistake a socket connected to itself for an open port', async () => {
    // Connecting from the target port to itself makes Linux join the socket to itself
    // (TCP simultaneous open): the connect "succeeds" although nothing listens.
    const port = await freePort('127.0.0.1');
    const outcome = await probeTcp('127.0.0.1', port, 1000, port);
    expect(outcome.state).toBe('closed');
  });
});
