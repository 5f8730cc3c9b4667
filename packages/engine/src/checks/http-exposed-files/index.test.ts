import { afterEach, describe, expect, it } from 'vitest';
import { contextFor } from '../../testing/check-context.ts';
import type { Peer } from '../../testing/peers.ts';
import { startHttpPeer } from '../../testing/servers.ts';
import { httpExposedFiles } from './index.ts';

let peer: Peer;
afterEach(() => peer.close());

describe('http-exposed-files', () => {
  it('reports a served .git/HEAD and .env', async () => {
    const files: Record<string, string> = {
      '/.git/HEAD': 'ref: refs/heads/main\n',
      '/.env': 'DB_PASSWORD=hunter2\n',
    };
    peer = await startHttpPeer('127.0.0.1', (req, res) => {
      const body = files[req.url ?? ''];
      res.writeHead(body ? 200 : 404).end(body ?? 'not found');
    });
    const findings = await httpExposedFiles.run(await contextFor(peer));
    expect(findings.map((f) => f.title)).toEqual([
      'Sensitive file exposed: /.git/HEAD',
      'Sensitive file exposed: /.env',
    ]);
    expect(findings[0]!.evidence).toContain('GET /.git/HEAD HTTP/1.1 -> HTTP 200');
  });

  it('finds an environment file in a folder the site links to', async () => {
    const site: Record<string, string> = {
      '/': '<html><a href="/app/">App</a></html>',
      '/app/': '<html><title>Index of /app/</title><a href=".env">.env</a></html>',
      '/app/.env': 'STRIPE_KEY=sk_live_x\n',
    };
    peer = await startHttpPeer('127.0.0.1', (req, res) => {
      const body = site[req.url ?? ''];
      res.writeHead(body ? 200 : 404, { 'Content-Type': 'text/html' }).end(body ?? 'not found');
    });
    const [finding, ...rest] = await httpExposedFiles.run(await contextFor(peer));
    expect(rest).toEqual([]);
    expect(finding!.title).toBe('Sensitive file exposed: /app/.env');
    expect(finding!.evidence).toContain('GET /app/.env HTTP/1.1 -> HTTP 200\nSTRIPE_KEY=');
    expect(finding!.detection).toMatchObject({ method: 'active_probe', qod: 95 });
  });

  it('stays quiet for a site that answers every path with its HTML page', async () => {
    peer = await startHttpPeer('127.0.0.1', (_q, res) =>
      res.end('<html><body>SPA fallback</body></html>'),
    );
    expect(await httpExposedFiles.run(await contextFor(peer))).toEqual([]);
  });
});
