import { afterEach, describe, expect, it } from 'vitest';
import { makeCert } from '../../testing/certs.ts';
import { contextFor } from '../../testing/check-context.ts';
import type { Peer } from '../../testing/peers.ts';
import { startTlsPeer } from '../../testing/servers.ts';
import { tlsNotYetValid } from './index.ts';

let peer: Peer;
afterEach(() => peer.close());

describe('tls-not-yet-valid', () => {
  it('reports a certificate whose notBefore is in the future', async () => {
    peer = await startTlsPeer('127.0.0.1', makeCert('future'));
    const [finding] = await tlsNotYetValid.run(await contextFor(peer));
    expect(finding!.detection).toMatchObject({ method: 'configuration', qod: 90 });
    expect(finding!.evidence).toContain('notBefore 2099-01-01');
  });

  it('stays quiet for a current certificate', async () => {
    peer = await startTlsPeer('127.0.0.1', makeCert('valid'));
    expect(await tlsNotYetValid.run(await contextFor(peer))).toEqual([]);
  });
});
