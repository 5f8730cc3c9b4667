import { afterEach, describe, expect, it } from 'vitest';
import { testResources } from '../../../../../scripts/testing/current.ts';
import { makeCaSignedCert, makeCert } from '../../testing/certs.ts';
import { contextFor } from '../../testing/check-context.ts';
import type { Peer } from '../../testing/peers.ts';
import { startTlsPeer } from '../../testing/servers.ts';
import { tlsSelfSigned } from './index.ts';

const net = testResources();

let peer: Peer;
afterEach(() => peer.close());

describe('tls-self-signed', () => {
  it('reports a certificate issued by itself', async () => {
    peer = await startTlsPeer('127.0.0.1', makeCert('valid'));
    const [finding] = await tlsSelfSigned.run(await contextFor(peer));
    expect(finding!.detection).toMatchObject({ method: 'configuration', qod: 90 });
    expect(finding!.evidence).toContain('issuer CN=127.0.0.1');
  });

  it('stays quiet for a leaf signed by a separate (untrusted) CA', async () => {
    const { key, cert } = makeCaSignedCert();
    peer = await startTlsPeer(net.host(1), { key, cert });
    const ctx = await contextFor(peer);
    expect(ctx.service.tls).toMatchObject({ issuer: 'CN=NetGuard Test CA', authorized: false });
    expect(await tlsSelfSigned.run(ctx)).toEqual([]);
  });

  it('stays quiet when the peer also sends the CA certificate in its chain', async () => {
    const { key, cert, ca } = makeCaSignedCert();
    peer = await startTlsPeer(net.host(2), { key, cert: `${cert}${ca}` });
    const ctx = await contextFor(peer);
    expect(ctx.service.tls).toMatchObject({
      subject: 'CN=127.0.0.1',
      issuer: 'CN=NetGuard Test CA',
    });
    expect(await tlsSelfSigned.run(ctx)).toEqual([]);
  });
});
