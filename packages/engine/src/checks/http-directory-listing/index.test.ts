import { afterEach, describe, expect, it } from 'vitest';
import { contextFor } from '../../testing/check-context.ts';
import type { Peer } from '../../testing/peers.ts';
import { startHttpPeer } from '../../testing/servers.ts';
import { httpDirectoryListing } from './index.ts';

let peer: Peer;
afterEach(() => peer.close());

describe('http-directory-listing', () => {
  it('reports an auto-generated index page', async () => {
    peer = await startHttpPeer('127.0.0.1', (_q, res) =>
      res.end(
        '<html><head><title>Index of /</title></head><body><a href="backup.sql">backup.sql</a></body></html>',
      ),
    );
    const [finding] = await httpDirectoryListing.run(await contextFor(peer));
    expect(finding!.evidence).toContain('Index of /');
  });

  it('stays quiet for a normal page', async () => {
    peer = await startHttpPeer('127.0.0.1', (_q, res) =>
      res.end('<html><title>Welcome</title></html>'),
    );
    expect(await httpDirectoryListing.run(await contextFor(peer))).toEqual([]);
  });
});
