import { afterEach, describe, expect, it } from 'vitest';
import { makeCert } from '../../testing/certs.ts';
import { contextFor } from '../../testing/check-context.ts';
import type { Peer } from '../../testing/peers.ts';
import { startHttpPeer } from '../../testing/servers.ts';
import { httpSecurityHeaders } from './index.ts';

let peer: Peer;
afterEach(() => peer.close());

const SAFE = {
  'Content-Security-Policy': "default-src 'self'",
  'X-Frame-Options': 'DENY',
  'X-Content-Type-Options': 'nosniff',
  'Strict-Transport-Security': 'max-age=31536000',
};

describe('http-security-headers', () => {
  it('lists the headers a bare HTTPS server leaves out, HSTS included', async () => {
    peer = await startHttpPeer('127.0.0.1', (_q, res) => res.end('ok'), makeCert('valid'));
    const [finding] = await httpSecurityHeaders.run(await contextFor(peer));
    expect(finding!.detection).toMatchObject({ method: 'configuration', qod: 90 });
    expect(finding!.description).toContain(
      'Strict-Transport-Security, Content-Security-Policy, X-Frame-Options, X-Content-Type-Options',
    );
    expect(finding!.severity).toBe('medium');
  });

  it('does not ask for HSTS over plain HTTP', async () => {
    peer = await startHttpPeer('127.0.0.1', (_q, res) =>
      res.writeHead(200, { 'X-Frame-Options': 'DENY' }).end(),
    );
    const [finding] = await httpSecurityHeaders.run(await contextFor(peer));
    expect(finding!.description).not.toContain('Strict-Transport-Security');
    expect(finding!.description).not.toContain('X-Frame-Options');
  });

  it('stays quiet when every header is sent', async () => {
    peer = await startHttpPeer(
      '127.0.0.1',
      (_q, res) => res.writeHead(200, SAFE).end('ok'),
      makeCert('valid'),
    );
    expect(await httpSecurityHeaders.run(await contextFor(peer))).toEqual([]);
  });
});
