// Loopback servers for the security suite's own tests: the fixture site with the fake NetGuard API
// (http or https, good or bad), a plain-HTTP redirector, and bare TLS servers with a chosen
// protocol, suite list and certificate.
import http from 'node:http';
import https from 'node:https';
import type { AddressInfo } from 'node:net';
import tls from 'node:tls';
import { createFakeNetGuard } from './fake-netguard.ts';
import { baseHeaders, type Mode, serveSite } from './site.ts';

export type Running = { url: string; port: number; close(): Promise<void> };

function listen(server: http.Server | tls.Server, host: string, scheme: string): Promise<Running> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, host, () => {
      const { port } = server.address() as AddressInfo;
      resolve({
        url: `${scheme}://${host}:${port}`,
        port,
        close: () =>
          new Promise((done) => {
            if ('closeAllConnections' in server) server.closeAllConnections();
            server.close(() => done());
          }),
      });
    });
  });
}

export type TlsSettings = tls.SecureContextOptions &
  Pick<tls.TlsOptions, 'minVersion' | 'maxVersion' | 'ciphers'>;

/** The fixture deployment: site and fake API in one server, https when `tlsSettings` is given. */
export async function startFixture(host: string, mode: Mode, tlsSettings?: TlsSettings) {
  const api = createFakeNetGuard(mode, Boolean(tlsSettings));
  const handler: http.RequestListener = (req, res) => {
    const headers = baseHeaders(mode, req);
    for (const [k, v] of Object.entries(headers)) res.setHeader(k, v);
    if (req.method === 'OPTIONS') {
      res.writeHead(204);
      res.end();
      return;
    }
    if (serveSite(mode, req, res)) return;
    api.handle(req, res, headers).catch((error: unknown) => {
      res.writeHead(500);
      res.end(String(error));
    });
  };
  const server = tlsSettings
    ? https.createServer(tlsSettings, handler)
    : http.createServer(handler);
  const running = await listen(server, host, tlsSettings ? 'https' : 'http');
  return { ...running, canary: api.canary, userCount: api.userCount };
}

/** A plain-HTTP server that redirects every request to `target` (or answers 200 when none). */
export function startRedirector(host: string, target?: string): Promise<Running> {
  const server = http.createServer((req, res) => {
    if (target) res.writeHead(301, { location: new URL(req.url ?? '/', target).toString() });
    else res.writeHead(200, { 'content-type': 'text/plain' });
    res.end();
  });
  return listen(server, host, 'http');
}

/** A TLS server that completes handshakes and answers a minimal HTTP response. */
export function startTlsServer(host: string, settings: TlsSettings): Promise<Running> {
  const server = tls.createServer(settings, (socket) => {
    socket.on('error', () => {});
    socket.once('data', () =>
      socket.end('HTTP/1.1 200 OK\r\ncontent-length: 0\r\nconnection: close\r\n\r\n'),
    );
  });
  server.on('tlsClientError', () => {});
  return listen(server, host, 'https');
}
