import { afterEach, describe, expect, it } from 'vitest';
import { makeCert } from '../../testing/certs.ts';
import { contextFor } from '../../testing/check-context.ts';
import type { Peer } from '../../testing/peers.ts';
import { startTlsPeer } from '../../testing/servers.ts';
import { tlsExpired } from './index.ts';

let peer: Peer;
afterEach(() => peer.close());

describe('tls-expired', () => {
  it('reports a certificate whose notAfter has passed', async () => {
    peer = await startTlsPeer('127.0.0.1', makeCert('expired'));
    const [finding] = await tlsExpired.run(await contextFor(peer));
    expect(finding!.detection).toMatchObject({ method: 'configuration', qod: 90 });
    expect(finding).toMatchObject({ severity: 'high', port: peer.port });
    expect(finding!.evidence).toContain('notAfter 2021-01-01');
  });

  it('stays quiet for a current certificate', async () => {
    peer = await startTlsPeer('127.0.0.1', makeCert('valid'));
    expect(await tlsExpired.run(await contextFor(peer))).toEqual([]);
  });
});
