import { afterEach, describe, expect, it } from 'vitest';
import { contextFor } from '../../testing/check-context.ts';
import type { Peer } from '../../testing/peers.ts';
import { startRedisPeer } from '../../testing/protocol-peers.ts';
import { redisNoAuth } from './index.ts';

let peer: Peer;
afterEach(() => peer.close());

describe('redis-no-auth', () => {
  it('reports Redis answering INFO without a password', async () => {
    peer = await startRedisPeer('127.0.0.1');
    const [finding] = await redisNoAuth.run(await contextFor(peer));
    expect(finding!.detection).toMatchObject({ method: 'active_probe', qod: 95 });
    expect(finding).toMatchObject({ severity: 'critical', service: 'redis' });
    expect(finding!.evidence).toContain('redis_version:6.0.9');
  });

  it('stays quiet when Redis demands AUTH', async () => {
    peer = await startRedisPeer('127.0.0.1', 'correct horse');
    expect(await redisNoAuth.run(await contextFor(peer))).toEqual([]);
  });
});
