import { afterEach, describe, expect, it } from 'vitest';
import { contextFor } from '../../testing/check-context.ts';
import type { Peer } from '../../testing/peers.ts';
import { startMongoPeer } from '../../testing/protocol-peers.ts';
import { mongodbNoAuth } from './index.ts';

let peer: Peer;
afterEach(() => peer.close());

describe('mongodb-no-auth', () => {
  it('reports MongoDB listing databases without credentials', async () => {
    peer = await startMongoPeer('127.0.0.1', false);
    const findings = await mongodbNoAuth.run(await contextFor(peer));
    expect(findings).toHaveLength(1);
    expect(findings[0]!.detection).toMatchObject({ method: 'active_probe', qod: 95 });
  });

  it('stays quiet when listDatabases is refused as Unauthorized', async () => {
    peer = await startMongoPeer('127.0.0.1', true);
    expect(await mongodbNoAuth.run(await contextFor(peer))).toEqual([]);
  });
});
