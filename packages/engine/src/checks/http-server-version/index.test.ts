import { afterEach, describe, expect, it } from 'vitest';
import { contextFor } from '../../testing/check-context.ts';
import type { Peer } from '../../testing/peers.ts';
import { startHttpPeer } from '../../testing/servers.ts';
import { httpServerVersion } from './index.ts';

let peer: Peer;
afterEach(() => peer.close());

describe('http-server-version', () => {
  it('reports a Server header with a version', async () => {
    peer = await startHttpPeer('127.0.0.1', (_q, res) =>
      res.writeHead(200, { Server: 'Apache/2.4.49 (Unix)', 'X-Powered-By': 'PHP/7.4.3' }).end(),
    );
    const [finding] = await httpServerVersion.run(await contextFor(peer));
    expect(finding!.evidence).toBe(
      'GET / response headers: server: Apache/2.4.49 (Unix); x-powered-by: PHP/7.4.3',
    );
  });

  it('reports a version that only a linked page discloses', async () => {
    peer = await startHttpPeer('127.0.0.1', (req, res) => {
      if (req.url === '/')
        res
          .writeHead(200, { Server: 'nginx', 'Content-Type': 'text/html' })
          .end('<a href="/api/">API</a>');
      else if (req.url === '/api/')
        res.writeHead(200, { Server: 'nginx', 'X-Powered-By': 'PHP/8.1.2' }).end('{}');
      else res.writeHead(404, { Server: 'nginx' }).end();
    });
    const [finding] = await httpServerVersion.run(await contextFor(peer));
    expect(finding!.evidence).toBe('GET /api/ response headers: x-powered-by: PHP/8.1.2');
    expect(finding!.detection).toEqual({
      method: 'upstream_version',
      qod: 80,
      detail: 'The version is read from what the server states about itself.',
      distribution: null,
    });
  });

  it("reads the version from Apache's status page and lowers confidence for a Debian build", async () => {
    const status =
      '<html><h1>Apache Server Status for 127.0.0.1</h1><dl><dt>Server Version: Apache/2.4.62 (Debian) OpenSSL/3.0.15</dt></dl></html>';
    peer = await startHttpPeer('127.0.0.1', (req, res) => {
      if (req.url === '/server-status') res.writeHead(200, { Server: 'Apache' }).end(status);
      else res.writeHead(req.url === '/' ? 200 : 404, { Server: 'Apache' }).end('<html></html>');
    });
    const [finding] = await httpServerVersion.run(await contextFor(peer));
    expect(finding!.evidence).toBe(
      'GET /server-status page body: Server Version: Apache/2.4.62 (Debian) OpenSSL/3.0.15',
    );
    expect(finding!.detection).toMatchObject({
      method: 'upstream_version',
      qod: 30,
      distribution: 'Debian',
    });
  });

  it('stays quiet for a product name without a version', async () => {
    peer = await startHttpPeer('127.0.0.1', (_q, res) =>
      res.writeHead(200, { Server: 'nginx' }).end(),
    );
    expect(await httpServerVersion.run(await contextFor(peer))).toEqual([]);
  });
});
