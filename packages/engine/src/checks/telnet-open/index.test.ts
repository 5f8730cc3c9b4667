import { afterEach, describe, expect, it } from 'vitest';
import { contextFor } from '../../testing/check-context.ts';
import type { Peer } from '../../testing/peers.ts';
import { startBannerPeer } from '../../testing/protocol-peers.ts';
import { telnetOpen } from './index.ts';

let peer: Peer;
afterEach(() => peer.close());

describe('telnet-open', () => {
  it('reports a service that negotiates telnet options', async () => {
    peer = await startBannerPeer('127.0.0.1', Buffer.from([255, 253, 24, 255, 253, 32]));
    const ctx = await contextFor(peer);
    expect(telnetOpen.appliesTo(ctx)).toBe(true);
    const findings = await telnetOpen.run(ctx);
    expect(findings).toHaveLength(1);
    expect(findings[0]!.detection).toMatchObject({ method: 'active_probe', qod: 95 });
  });

  it('does not apply to an SSH service', async () => {
    peer = await startBannerPeer('127.0.0.1', 'SSH-2.0-OpenSSH_9.6\r\n');
    expect(telnetOpen.appliesTo(await contextFor(peer))).toBe(false);
  });
});
