import net from 'node:net';

/** A TCP server on a loopback address; `port` is the bound port. */
export type Peer = { host: string; port: number; close(): Promise<void> };

/** Starts a TCP server on 127.0.0.x (port 0 picks a free one) with a connection handler. */
export async function startTcpPeer(
  host: string,
  onConnection: (socket: net.Socket) => void = (s) => s.end(),
  port = 0,
): Promise<Peer> {
  const sockets = new Set<net.Socket>();
  const server = net.createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => {});
    onConnection(socket);
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen({ host, port }, resolve);
  });
  const address = server.address() as net.AddressInfo;
  return {
    host,
    port: address.port,
    close: () =>
      new Promise((resolve) => {
        for (const s of sockets) s.destroy();
        server.close(() => resolve());
      }),
  };
}

/** A port on the host with nothing listening (bound, read, released). */
export async function freePort(host: string): Promise<number> {
  const peer = await startTcpPeer(host);
  await peer.close();
  return peer.port;
}
