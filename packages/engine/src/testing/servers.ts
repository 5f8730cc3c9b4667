import http from 'node:http';
import type net from 'node:net';
import tls from 'node:tls';
import type { KeyPair } from './certs.ts';
import type { Peer } from './peers.ts';

/** Starts an HTTP server on 127.0.0.x answering every path through the handler. */
export async function startHttpPeer(
  host: string,
  handler: http.RequestListener,
  tlsKeys?: KeyPair & tls.TlsOptions,
): Promise<Peer> {
  const server = tlsKeys
    ? (await import('node:https')).createServer(tlsKeys, handler)
    : http.createServer(handler);
  return listen(server, host);
}

/** Starts a TLS server that sends a line once the handshake completes. */
export async function startTlsPeer(
  host: string,
  options: tls.TlsOptions,
  greeting = 'hello\r\n',
): Promise<Peer> {
  const server = tls.createServer(options, (socket) => {
    socket.on('error', () => {});
    socket.end(greeting);
  });
  server.on('tlsClientError', () => {});
  return listen(server, host);
}

async function listen(server: net.Server, host: string): Promise<Peer> {
  const sockets = new Set<net.Socket>();
  server.on('connection', (socket: net.Socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, host, resolve));
  const { port } = server.address() as net.AddressInfo;
  return {
    host,
    port,
    close: () =>
      new Promise((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}
