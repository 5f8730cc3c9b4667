import { afterEach, describe, expect, it } from 'vitest';
import { contextFor } from '../../testing/check-context.ts';
import type { Peer } from '../../testing/peers.ts';
import { startMemcachedPeer, startRedisPeer } from '../../testing/protocol-peers.ts';
import { memcachedExposed } from './index.ts';

let peer: Peer;
afterEach(() => peer.close());

describe('memcached-exposed', () => {
  it('reports a memcached that answers version', async () => {
    peer = await startMemcachedPeer('127.0.0.1');
    const ctx = await contextFor(peer);
    const [finding] = await memcachedExposed.run(ctx);
    expect(finding!.detection).toMatchObject({ method: 'active_probe', qod: 95 });
    expect(finding!.evidence).toContain('VERSION 1.6.21');
  });

  it('does not apply to another key-value store', async () => {
    peer = await startRedisPeer('127.0.0.1', 'pw');
    expect(memcachedExposed.appliesTo(await contextFor(peer))).toBe(false);
  });
});
