import { once } from 'node:events';
import net from 'node:net';

/** The banner of a Debian 12 OpenSSH build before the regreSSHion fix (+deb12u3): CVE-2024-6387. */
export const VULNERABLE_SSH_BANNER = 'SSH-2.0-OpenSSH_9.2p1 Debian-2+deb12u2\r\n';

/**
 * An SSH daemon's greeting on host:22 (port 22 is in every scan profile): service detection
 * reads the version from it. Returns the function that closes it.
 */
export async function startSshBanner(host: string, banner = VULNERABLE_SSH_BANNER) {
  const sockets = new Set<net.Socket>();
  const server = net.createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => undefined);
    socket.write(banner);
  });
  server.listen(22, host);
  await once(server, 'listening');
  return () => {
    for (const socket of sockets) socket.destroy();
    return new Promise<void>((resolve) => server.close(() => resolve()));
  };
}
