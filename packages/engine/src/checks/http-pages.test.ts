import type { Socket } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { testResources } from '../../../../scripts/testing/current.ts';
import { createEngine } from '../engine.ts';
import { contextFor } from '../testing/check-context.ts';
import { type Peer, startTcpPeer } from '../testing/peers.ts';
import { startHttpPeer } from '../testing/servers.ts';
import type { Finding } from '../types.ts';
import { httpDirectoryListing } from './http-directory-listing/index.ts';
import { httpExposedFiles } from './http-exposed-files/index.ts';
import { COMMON_PATHS, httpPages } from './http-pages.ts';
import { httpServerVersion } from './http-server-version/index.ts';

const net = testResources();

let peers: Peer[] = [];
afterEach(async () => {
  await Promise.all(peers.map((p) => p.close()));
  peers = [];
});

/** An HTTP peer serving `site` (path -> HTML, 404 elsewhere) and counting requests. */
async function startSite(site: Record<string, string>, host = '127.0.0.1') {
  const requests: Record<string, number> = {};
  const peer = await startHttpPeer(host, (req, res) => {
    const path = req.url ?? '';
    requests[path] = (requests[path] ?? 0) + 1;
    const body = site[path];
    res.writeHead(body === undefined ? 404 : 200, { 'Content-Type': 'text/html' });
    res.end(body ?? 'not found');
  });
  peers.push(peer);
  return { peer, requests };
}

const links = (...hrefs: string[]) => hrefs.map((h) => `<a href="${h}">${h}</a>`).join('\n');

describe('http pages', () => {
  it('follows same-host links two hops deep, skipping assets and query strings', async () => {
    const { peer, requests } = await startSite({
      '/': `${links('/a/', 'docs.html?page=2#top')}<img src="logo.png"><script src="/app.js"></script>`,
      '/a/': links('b/'),
      '/a/b/': links('c/'),
      '/a/b/c/': 'too deep',
      '/docs.html': 'docs',
    });
    const pages = await httpPages(await contextFor(peer));
    expect(pages.map((p) => p.path).slice(0, 4)).toEqual(['/', '/a/', '/docs.html', '/a/b/']);
    expect(Object.keys(requests)).not.toContain('/a/b/c/');
    expect(Object.keys(requests)).not.toContain('/logo.png');
    expect(Object.keys(requests)).not.toContain('/app.js');
    expect(Object.keys(requests)).not.toContain('/docs.html?page=2');
  });

  it('leaves out paths longer than 150 characters', async () => {
    const long = `/${'a'.repeat(150)}/`;
    const { peer, requests } = await startSite({ '/': links(long, '/short/') });
    await httpPages(await contextFor(peer));
    expect(requests['/short/']).toBe(1);
    expect(requests[long]).toBeUndefined();
  });

  it('follows a redirect of / to a page on the same host', async () => {
    const requests: string[] = [];
    const peer = await startHttpPeer('127.0.0.1', (req, res) => {
      requests.push(req.url ?? '');
      if (req.url === '/') res.writeHead(302, { Location: '/portal/' }).end();
      else res.writeHead(req.url === '/portal/' ? 200 : 404).end('page');
    });
    peers.push(peer);
    await httpPages(await contextFor(peer));
    expect(requests).toContain('/portal/');
  });

  it('requests the common paths even when nothing links to them', async () => {
    const { peer, requests } = await startSite({ '/': 'a page without links' });
    await httpPages(await contextFor(peer));
    for (const path of COMMON_PATHS) expect(requests[path]).toBe(1);
  });

  it('never follows a link to another host, scheme or port', async () => {
    const { peer, requests } = await startSite({});
    const trap: string[] = [];
    // Same port on another address (of the file's block): a crawler that ignored the host would
    // land here.
    const onConnection = (socket: Socket) => {
      trap.push('connected');
      socket.end();
    };
    const trapHost = net.host(2);
    peers.push(await startTcpPeer(trapHost, onConnection, peer.port));
    const { peer: other, requests: otherRequests } = await startSite({});
    const site = links(
      `http://${trapHost}:${peer.port}/off-host`,
      `//${trapHost}:${peer.port}/protocol-relative`,
      `http://localhost:${peer.port}/other-name`,
      `https://127.0.0.1:${peer.port}/other-scheme`,
      `http://127.0.0.1:${other.port}/other-port`,
      'mailto:admin@example.com',
      'javascript:void(0)',
      `http://127.0.0.1:${peer.port}/same-origin`,
    );
    const ctx = await contextFor(peer);
    ctx.service.http = { status: 200, headers: { 'content-type': 'text/html' }, body: site };
    await httpPages(ctx);
    expect(trap).toEqual([]);
    expect(otherRequests).toEqual({});
    expect(
      Object.keys(requests).filter((p) => !(COMMON_PATHS as readonly string[]).includes(p)),
    ).toEqual(['/', '/same-origin']);
  });

  it('requests at most 20 linked pages', async () => {
    const many = Array.from({ length: 60 }, (_, i) => `/p${i}`);
    const { peer, requests } = await startSite({ '/': links(...many) });
    await httpPages(await contextFor(peer));
    expect(many.filter((p) => requests[p]).length).toBe(20);
  });

  it('reads each page once for all three HTTP checks of a service', async () => {
    const { peer, requests } = await startSite({
      '/': links('/files/'),
      '/files/': `<title>Index of /files/</title>${links('../', 'notes.txt')}`,
      '/files/notes.txt': 'notes',
    });
    const ctx = await contextFor(peer);
    for (const check of [httpServerVersion, httpDirectoryListing, httpExposedFiles])
      await check.run(ctx);
    expect(requests['/files/notes.txt']).toBe(1);
    expect(Object.values(requests).every((n) => n === 1)).toBe(true);
  });
});

describe('http pages in a scan', () => {
  it('are read once per service while the engine runs the three HTTP checks', async () => {
    const { peer, requests } = await startSite(
      {
        '/': links('/files/'),
        '/files/': `<title>Index of /files/</title>${links('../', '.env')}`,
        '/files/.env': 'API_KEY=x',
      },
      net.host(16),
    );
    const findings: Finding[] = [];
    const checks = 'http-server-version,http-directory-listing,http-exposed-files';
    await createEngine({ ports: [peer.port], checks }).run(peer.host, {
      onFinding: (f) => findings.push(f),
    });
    expect(findings.map((f) => f.title)).toEqual([
      'Directory listing enabled',
      'Sensitive file exposed: /files/.env',
    ]);
    expect(requests).toEqual({
      '/': 1,
      '/files/': 1,
      '/files/.env': 1,
      ...Object.fromEntries(COMMON_PATHS.map((path) => [path, 1])),
    });
  });
});
