import type { HttpInfo } from '../types.ts';
import type { Endpoint } from './exchange.ts';
import { originOf, pageLinks, sameOriginPath } from './http-links.ts';
import { httpGet } from './probes/http.ts';

/** One response read while crawling, with the path it was requested at. */
export type HttpPage = HttpInfo & { path: string };

export type CrawlOptions = {
  /** The response to GET / that service detection already read; reused, not requested again. */
  root?: HttpInfo;
  /** Paths requested even when no page links to them; their own links are not followed. */
  seeds: readonly string[];
  /** Link hops followed from / (1: the pages / links to). */
  maxDepth: number;
  /** Linked pages requested at most; / and the seeds are not counted. */
  maxPages: number;
  /** No request starts after this many milliseconds. */
  budgetMs: number;
  /** Bytes read per response at most. */
  maxBytes: number;
  signal?: AbortSignal;
};

/** Where a page leads: its HTML links, or a redirect's target ("/" often redirects to "/app/"). */
function linksOf(page: HttpPage, origin: string): string[] {
  const type = page.headers['content-type'];
  const html = type ? /html/i.test(type) : /<a\s/i.test(page.body);
  const links = html ? pageLinks(page.body, page.path, origin) : [];
  const location = page.headers.location;
  const target = location && sameOriginPath(location, page.path, origin);
  return target ? [target, ...links] : links;
}

/**
 * Reads / and the pages it links to on the same scheme, host and port, breadth first within the
 * depth, page and time bounds, then the seed paths. One request per path, one at a time.
 */
export async function crawlHttp(endpoint: Endpoint, options: CrawlOptions): Promise<HttpPage[]> {
  const deadline = Date.now() + options.budgetMs;
  const origin = originOf(endpoint.hostname ?? endpoint.host, endpoint.port, Boolean(endpoint.tls));
  const fetchAll = async (paths: readonly string[]) => {
    const pages: HttpPage[] = [];
    for (const path of paths) {
      if (Date.now() >= deadline || options.signal?.aborted) break;
      const response = await httpGet(endpoint, path, options.maxBytes);
      if (response) pages.push({ ...response, path });
    }
    return pages;
  };
  const seen = new Set(['/']);
  const pages: HttpPage[] = [];
  let level = options.root ? [{ ...options.root, path: '/' }] : await fetchAll(['/']);
  let linked = 0;
  for (let depth = 0; level.length > 0; depth++) {
    pages.push(...level);
    if (depth === options.maxDepth) break;
    const next: string[] = [];
    for (const page of level)
      for (const link of linksOf(page, origin)) {
        if (seen.has(link) || linked >= options.maxPages) continue;
        seen.add(link);
        linked++;
        next.push(link);
      }
    level = await fetchAll(next);
  }
  pages.push(...(await fetchAll(options.seeds.filter((path) => !seen.has(path)))));
  return pages;
}
