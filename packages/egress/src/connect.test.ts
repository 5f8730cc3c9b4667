import { once } from 'node:events';
import net from 'node:net';
import tls from 'node:tls';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testResources } from '../../../scripts/testing/current.ts';
import { makeCert } from '../../engine/src/testing/certs.ts';
import { type ConnectOptions, connectChecked } from './connect.ts';
import { createEgressPolicy } from './policy.ts';

const tenant = { operator: false };
const { block, host } = testResources();
const accepted: string[] = [];
let plain: net.Server;
let silent: net.Server;
let plainPort: number;
let silentPort: number;

async function listen(server: net.Server, address: string): Promise<number> {
  server.listen(0, address);
  await once(server, 'listening');
  return (server.address() as net.AddressInfo).port;
}

beforeAll(async () => {
  plain = net.createServer((s) => {
    accepted.push('plain');
    s.on('error', () => undefined);
    s.end('hello from the destination');
  });
  plainPort = await listen(plain, host(1));
  // Accepts TCP and never answers: a TLS handshake to it times out.
  silent = net.createServer((s) => s.on('error', () => undefined));
  silentPort = await listen(silent, host(2));
});
afterAll(() => {
  plain.close();
  silent.close();
});

/** Counts the sockets asked to connect while `work` runs (a refusal must come before any). */
async function connectAttempts(work: () => Promise<unknown>): Promise<number> {
  const original = net.Socket.prototype.connect;
  let attempts = 0;
  net.Socket.prototype.connect = function (this: net.Socket, ...args: unknown[]) {
    attempts++;
    return original.apply(this, args as Parameters<typeof original>);
  } as typeof original;
  try {
    await work().catch(() => undefined);
  } finally {
    net.Socket.prototype.connect = original;
  }
  return attempts;
}

describe('connections through the egress policy', () => {
  const allowing = createEgressPolicy({ allowed: [block] });
  const closed = createEgressPolicy();

  it('connects to an allowed address, and refuses loopback to a tenant before connecting', async () => {
    const socket = await connectChecked(allowing, { host: host(1), port: plainPort, who: tenant });
    socket.destroy();
    const before = accepted.length;
    const refusal = connectChecked(closed, { host: host(1), port: plainPort, who: tenant });
    await expect(refusal).rejects.toMatchObject({
      kind: 'policy',
      message: expect.stringMatching(/^refused by the egress policy: .* this server itself/),
    });
    expect(accepted.length).toBe(before);
  });

  it('refuses 169.254.169.254 and names that resolve to it before any connection attempt', async () => {
    const attempts = await connectAttempts(async () => {
      await expect(
        connectChecked(allowing, { host: '169.254.169.254', port: 80, who: { operator: true } }),
      ).rejects.toMatchObject({ kind: 'policy' });
      await expect(
        connectChecked(allowing, {
          host: 'metadata.example',
          port: 80,
          who: tenant,
          lookup: async () => [{ address: '169.254.169.254', family: 4 }],
        }),
      ).rejects.toThrow(
        /metadata\.example resolves to 169\.254\.169\.254 port 80 is never reached/,
      );
    });
    expect(attempts).toBe(0);
  });

  it('refuses a name when any of its addresses is refused, and connects to the checked one', async () => {
    const both = async () => [
      { address: host(1), family: 4 },
      { address: '127.0.0.1', family: 4 },
    ];
    await expect(
      connectChecked(allowing, {
        host: 'rebind.example',
        port: plainPort,
        who: tenant,
        lookup: both,
      }),
    ).rejects.toMatchObject({ kind: 'policy' });
    const socket = await connectChecked(allowing, {
      host: 'receiver.example',
      port: plainPort,
      who: tenant,
      lookup: async () => [{ address: host(1), family: 4 }],
    });
    expect(socket.remoteAddress).toBe(host(1));
    socket.destroy();
  });

  it('classifies failures without what the destination sent', async () => {
    // Nothing listens on host(4).
    await expect(
      connectChecked(allowing, { host: host(4), port: plainPort, who: tenant }),
    ).rejects.toMatchObject({ kind: 'refused', message: 'refused' });
    await expect(
      connectChecked(allowing, {
        host: host(2),
        port: silentPort,
        who: tenant,
        tls: {},
        timeoutMs: 300,
      }),
    ).rejects.toMatchObject({ kind: 'timeout', message: 'timed out' });
    await expect(
      connectChecked(allowing, { host: host(1), port: plainPort, who: tenant, tls: {} }),
    ).rejects.toMatchObject({ kind: expect.stringMatching(/^(tls|network)$/) });
  });

  it('checks the certificate against the name asked for, and reports why it failed', async () => {
    const pair = makeCert('valid'); // for 127.0.0.1 only
    const secure = tls.createServer(pair, (s) => s.on('error', () => undefined).end());
    secure.on('tlsClientError', () => undefined);
    const port = await listen(secure, host(5));
    const at = (options: ConnectOptions['tls']) =>
      connectChecked(allowing, { host: host(5), port, who: tenant, tls: options });
    try {
      await expect(at({})).rejects.toMatchObject({
        kind: 'tls',
        message: 'TLS failed: self-signed certificate',
      });
      await expect(at({ ca: pair.cert })).rejects.toMatchObject({
        kind: 'tls',
        message: 'TLS failed: certificate does not name the host',
      });
      const socket = await at({ rejectUnauthorized: false });
      expect((socket as tls.TLSSocket).encrypted).toBe(true);
      socket.destroy();
    } finally {
      secure.close();
    }
  });
});
