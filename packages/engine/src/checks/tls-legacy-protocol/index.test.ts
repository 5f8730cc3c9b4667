import { afterEach, describe, expect, it } from 'vitest';
import { makeCert } from '../../testing/certs.ts';
import { contextFor } from '../../testing/check-context.ts';
import type { Peer } from '../../testing/peers.ts';
import { startTlsPeer } from '../../testing/servers.ts';
import { tlsLegacyProtocol } from './index.ts';

let peer: Peer;
afterEach(() => peer.close());

describe('tls-legacy-protocol', () => {
  it('reports a server that still speaks TLS 1.0 and 1.1', async () => {
    const keys = makeCert('valid');
    peer = await startTlsPeer('127.0.0.1', {
      ...keys,
      minVersion: 'TLSv1',
      ciphers: 'DEFAULT:@SECLEVEL=0',
    });
    const [finding] = await tlsLegacyProtocol.run(await contextFor(peer));
    expect(finding!.detection).toMatchObject({ method: 'configuration', qod: 90 });
    expect(finding!.description).toContain('TLS 1.0 and TLS 1.1');
  });

  it('stays quiet for a TLS 1.2+ server', async () => {
    peer = await startTlsPeer('127.0.0.1', { ...makeCert('valid'), minVersion: 'TLSv1.2' });
    expect(await tlsLegacyProtocol.run(await contextFor(peer))).toEqual([]);
  });
});
