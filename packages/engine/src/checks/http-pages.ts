import { crawlHttp, type HttpPage } from '../services/http-crawl.ts';
import type { CheckContext } from '../types.ts';
import { endpointOf } from './finding.ts';

/** Paths read even when no page links to them, each for a reason a check has. */
export const COMMON_PATHS = [
  // Directory listing: the folders where an index is most often left on.
  '/files/', // download areas
  '/uploads/', // user uploads, often a bare location with autoindex
  '/backup/', // backups copied under the web root
  '/static/', // static assets served straight from a directory
  // Exposed files: the two files that give away a site's source and secrets.
  '/.git/HEAD',
  '/.env',
  // Server version: Apache's mod_status page states the full version whatever ServerTokens says.
  '/server-status',
] as const;

const LIMITS = { maxDepth: 2, maxPages: 20, budgetMs: 15_000, maxBytes: 65_536 };

// One crawl per service: the engine hands the same context to every check of that service.
const crawls = new WeakMap<CheckContext, Promise<HttpPage[]>>();

/** The pages of the service: / (as detection read it), the pages it links to, and COMMON_PATHS. */
export function httpPages(ctx: CheckContext): Promise<HttpPage[]> {
  let pages = crawls.get(ctx);
  if (!pages) {
    pages = crawlHttp(endpointOf(ctx), {
      ...LIMITS,
      root: ctx.service.http,
      seeds: COMMON_PATHS,
      signal: ctx.signal,
    });
    crawls.set(ctx, pages);
  }
  return pages;
}
