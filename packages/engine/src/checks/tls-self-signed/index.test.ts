import { afterEach, describe, expect, it } from 'vitest';
import { makeCert } from '../../testing/certs.ts';
import { contextFor } from '../../testing/check-context.ts';
import type { Peer } from '../../testing/peers.ts';
import { startTlsPeer } from '../../testing/servers.ts';
import { tlsSelfSigned } from './index.ts';

let peer: Peer;
afterEach(() => peer.close());

describe('tls-self-signed', () => {
  it('reports a certificate issued by itself', async () => {
    peer = await startTlsPeer('127.0.0.1', makeCert('valid'));
    const [finding] = await tlsSelfSigned.run(await contextFor(peer));
    expect(finding!.evidence).toContain('issuer CN=127.0.0.1');
  });

  it('stays quiet for a certificate signed by a separate CA', async () => {
    peer = await startTlsPeer('127.0.0.1', makeCert('valid'));
    const ctx = await contextFor(peer);
    const tls = { ...ctx.service.tls!, selfSigned: false, issuer: 'CN=Internal CA' };
    expect(await tlsSelfSigned.run({ ...ctx, service: { ...ctx.service, tls } })).toEqual([]);
  });
});
