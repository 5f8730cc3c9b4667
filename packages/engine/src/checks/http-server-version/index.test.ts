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

  it('stays quiet for a product name without a version', async () => {
    peer = await startHttpPeer('127.0.0.1', (_q, res) =>
      res.writeHead(200, { Server: 'nginx' }).end(),
    );
    expect(await httpServerVersion.run(await contextFor(peer))).toEqual([]);
  });
});
