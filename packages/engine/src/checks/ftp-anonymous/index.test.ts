import { afterEach, describe, expect, it } from 'vitest';
import { contextFor } from '../../testing/check-context.ts';
import type { Peer } from '../../testing/peers.ts';
import { startFtpPeer } from '../../testing/protocol-peers.ts';
import { ftpAnonymous } from './index.ts';

let peer: Peer;
afterEach(() => peer.close());

describe('ftp-anonymous', () => {
  it('reports a server that logs in anonymous', async () => {
    peer = await startFtpPeer('127.0.0.1', true);
    const [finding] = await ftpAnonymous.run(await contextFor(peer));
    expect(finding!.detection).toMatchObject({ method: 'active_probe', qod: 95 });
    expect(finding!.evidence).toContain('230 Login successful.');
  });

  it('stays quiet when anonymous login is refused', async () => {
    peer = await startFtpPeer('127.0.0.1', false);
    expect(await ftpAnonymous.run(await contextFor(peer))).toEqual([]);
  });
});
