import { once } from 'node:events';
import http from 'node:http';

/**
 * A web server on `address:port` (an address of the calling spec's own loopback block) that names
 * its Apache version and sends none of the security headers: the scan reports both.
 */
export async function startBareWebServer(address: string, port: number): Promise<http.Server> {
  const server = http.createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'text/html', server: 'Apache/2.4.49 (Unix)' });
    res.end('<html><body>scan target</body></html>');
  });
  server.listen(port, address);
  await once(server, 'listening');
  return server;
}
