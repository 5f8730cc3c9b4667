import { afterEach, describe, expect, it } from 'vitest';
import { testResources } from '../../../../../scripts/testing/current.ts';
import { makeCert } from '../../testing/certs.ts';
import { contextFor } from '../../testing/check-context.ts';
import { startNginx } from '../../testing/daemons.ts';
import type { Peer } from '../../testing/peers.ts';
import { startHttpPeer } from '../../testing/servers.ts';
import { httpDirectoryListing } from './index.ts';

let peer: Peer;
afterEach(() => peer.close());

/** The page nginx's autoindex writes for a folder. */
const autoindex = (path: string, names: string[]) =>
  `<html>\r\n<head><title>Index of ${path}</title></head>\r\n<body>\r\n<h1>Index of ${path}</h1><hr><pre><a href="../">../</a>\r\n${names.map((n) => `<a href="${n}">${n}</a>`).join('\r\n')}</pre><hr></body>\r\n</html>\r\n`;

/** A site whose / is a normal page; `folders` are listings, everything else a 404. */
function site(home: string, folders: Record<string, string[]>) {
  return startHttpPeer('127.0.0.1', (req, res) => {
    const url = req.url ?? '';
    const names = folders[url];
    if (url === '/') res.writeHead(200, { 'Content-Type': 'text/html' }).end(home);
    else if (names) res.writeHead(200, { 'Content-Type': 'text/html' }).end(autoindex(url, names));
    else res.writeHead(404).end('not found');
  });
}

describe('http-directory-listing', () => {
  it('finds a listing under a folder the home page links to', async () => {
    peer = await site('<html><title>Shop</title><a href="files/">Downloads</a></html>', {
      '/files/': ['price-list.pdf', 'drafts/'],
      '/files/drafts/': ['q3.docx'],
    });
    const findings = await httpDirectoryListing.run(await contextFor(peer));
    expect(findings).toHaveLength(1);
    expect(findings[0]!.evidence).toBe(
      [
        'GET /files/ -> HTTP 200 with "Index of /files/"',
        'GET /files/drafts/ -> HTTP 200 with "Index of /files/drafts/"',
      ].join('\n'),
    );
    expect(findings[0]!.detection).toEqual({
      method: 'active_probe',
      qod: 95,
      detail: 'The server answered /files/, /files/drafts/ with a generated file index.',
      distribution: null,
    });
  });

  it('finds the listing real nginx serves under a folder its home page links to', async () => {
    peer = await startNginx(testResources().host(1), {
      tls: makeCert('valid'),
      hardened: false,
      listedFolder: 'files',
    });
    const [finding, ...rest] = await httpDirectoryListing.run(await contextFor(peer));
    expect(rest).toEqual([]);
    expect(finding!.evidence).toBe('GET /files/ -> HTTP 200 with "Index of /files/"');
  });

  it('finds a listing nothing links to through the common paths', async () => {
    peer = await site('<html><title>Shop</title></html>', { '/backup/': ['db.sql.gz'] });
    const [finding] = await httpDirectoryListing.run(await contextFor(peer));
    expect(finding!.evidence).toBe('GET /backup/ -> HTTP 200 with "Index of /backup/"');
  });

  it('reports an auto-generated index page', async () => {
    peer = await startHttpPeer('127.0.0.1', (_q, res) =>
      res.end(
        '<html><head><title>Index of /</title></head><body><a href="backup.sql">backup.sql</a></body></html>',
      ),
    );
    const [finding] = await httpDirectoryListing.run(await contextFor(peer));
    expect(finding!.evidence).toContain('Index of /');
  });

  it('stays quiet for a normal page', async () => {
    peer = await startHttpPeer('127.0.0.1', (_q, res) =>
      res.end('<html><title>Welcome</title></html>'),
    );
    expect(await httpDirectoryListing.run(await contextFor(peer))).toEqual([]);
  });
});
