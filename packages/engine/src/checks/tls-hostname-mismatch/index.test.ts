import { afterEach, describe, expect, it } from 'vitest';
import { makeCert } from '../../testing/certs.ts';
import { contextFor } from '../../testing/check-context.ts';
import type { Peer } from '../../testing/peers.ts';
import { startTlsPeer } from '../../testing/servers.ts';
import { tlsHostnameMismatch } from './index.ts';

let peer: Peer;
afterEach(() => peer.close());

describe('tls-hostname-mismatch', () => {
  it('reports a certificate for another name', async () => {
    peer = await startTlsPeer('127.0.0.1', makeCert('mismatch'));
    const [finding] = await tlsHostnameMismatch.run(await contextFor(peer));
    expect(finding!.detection).toMatchObject({ method: 'configuration', qod: 90 });
    expect(finding!.description).toContain('reached as 127.0.0.1');
  });

  it('stays quiet when the SAN covers the address scanned', async () => {
    peer = await startTlsPeer('127.0.0.1', makeCert('valid'));
    expect(await tlsHostnameMismatch.run(await contextFor(peer))).toEqual([]);
  });
});
