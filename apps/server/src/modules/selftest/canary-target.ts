// The loopback canary target of the scan pipeline test: an HTTP server started with known
// weaknesses (no security headers, an exposed Git repository), on a port the kernel picks.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/** The checks whose findings the canary's weaknesses must produce. */
export const PLANTED_CHECKS = ['http-security-headers', 'http-exposed-files'] as const;

export type CanaryTarget = { host: string; port: number; close: () => Promise<void> };

export async function startCanaryTarget(host = '127.0.0.1'): Promise<CanaryTarget> {
  const server: Server = createServer((request, response) => {
    if (request.url === '/.git/HEAD') {
      response.writeHead(200, { 'content-type': 'text/plain' });
      response.end('ref: refs/heads/main\n');
      return;
    }
    response.writeHead(200, { 'content-type': 'text/html' });
    response.end('<html><head><title>NetGuard canary</title></head><body>canary</body></html>');
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, host, () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  return {
    host,
    port,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
