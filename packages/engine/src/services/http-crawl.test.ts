import { afterEach, describe, expect, it } from 'vitest';
import type { Peer } from '../testing/peers.ts';
import { startHttpPeer } from '../testing/servers.ts';
import { crawlHttp } from './http-crawl.ts';

let peer: Peer;
afterEach(() => peer.close());

const LIMITS = { seeds: [], maxDepth: 2, maxPages: 20, budgetMs: 10_000, maxBytes: 65_536 };
const endpointOf = (p: Peer) => ({ host: p.host, port: p.port, timeoutMs: 1500 });

describe('crawlHttp', () => {
  it('reads no further than maxBytes of a page for its links', async () => {
    const requests: string[] = [];
    const home = `<a href="/near/">near</a>${' '.repeat(70_000)}<a href="/far/">far</a>`;
    peer = await startHttpPeer('127.0.0.1', (req, res) => {
      requests.push(req.url ?? '');
      res.writeHead(200, { 'Content-Type': 'text/html' }).end(req.url === '/' ? home : 'page');
    });
    await crawlHttp(endpointOf(peer), LIMITS);
    expect(requests).toEqual(['/', '/near/']);
  });

  it('starts no request once the time budget is spent', async () => {
    const requests: string[] = [];
    peer = await startHttpPeer('127.0.0.1', (req, res) => {
      requests.push(req.url ?? '');
      setTimeout(() => res.writeHead(404).end(), 200);
    });
    const seeds = Array.from({ length: 10 }, (_, i) => `/s${i}`);
    await crawlHttp(endpointOf(peer), { ...LIMITS, seeds, budgetMs: 500 });
    // / at 0 ms, then a seed about every 200 ms; none starts after 500 ms (11 without the budget).
    expect(requests.slice(0, 2)).toEqual(['/', '/s0']);
    expect(requests.length).toBeLessThanOrEqual(4);
  });

  it('sends nothing once the scan is cancelled', async () => {
    const requests: string[] = [];
    peer = await startHttpPeer('127.0.0.1', (req, res) => {
      requests.push(req.url ?? '');
      res.end('page');
    });
    await crawlHttp(endpointOf(peer), { ...LIMITS, seeds: ['/a'], signal: AbortSignal.abort() });
    expect(requests).toEqual([]);
  });
});
