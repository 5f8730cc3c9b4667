import { setTimeout as delay } from 'node:timers/promises';
import { FEED_UPLOAD_MAX_BYTES, type TFeedSource } from '@netguard/contracts';
import { bundledAdvisories } from '@netguard/engine';
import type { FeedSettings } from '../../config.ts';

/** One file of a feed: an NVD page, an OSV ecosystem zip, a Vulnrichment record... */
export type FeedFile = { name: string; bytes: Buffer };

const REQUEST_TIMEOUT_MS = 10 * 60_000;
const NVD_PAGE = 2000;
const NVD_PUBLIC_HOST = 'services.nvd.nist.gov';
const VULNRICHMENT_CONCURRENCY = 8;

export class FetchError extends Error {
  constructor(
    readonly url: string,
    readonly status: number | null,
    message: string,
  ) {
    super(message);
  }
}

async function get(url: string, signal: AbortSignal, headers: Record<string, string> = {}) {
  const response = await fetch(url, {
    headers,
    signal: AbortSignal.any([signal, AbortSignal.timeout(REQUEST_TIMEOUT_MS)]),
  }).catch((error: unknown) => {
    // fetch says only "fetch failed"; the reason (ENOTFOUND, ECONNREFUSED...) is its cause.
    const cause = (error as Error).cause;
    const why = cause instanceof Error ? ` (${cause.message})` : '';
    throw new FetchError(url, null, `${url}: ${(error as Error).message}${why}`);
  });
  if (!response.ok) throw new FetchError(url, response.status, `${url}: HTTP ${response.status}`);
  const bytes = Buffer.from(await response.arrayBuffer());
  if (bytes.length > FEED_UPLOAD_MAX_BYTES)
    throw new FetchError(
      url,
      response.status,
      `${url}: larger than ${FEED_UPLOAD_MAX_BYTES} bytes`,
    );
  return bytes;
}

/** The CPE vendor:product pairs of the products the engine has advisories for. */
function engineCpes(): string[] {
  const cpes = new Set<string>();
  for (const a of bundledAdvisories()) if (a.cpe) cpes.add(a.cpe);
  return [...cpes].sort();
}

/**
 * NVD CVE API 2.0, page by page for each product CPE. The public API allows 5 requests per 30 s
 * without a key (50 with one): the import waits between pages accordingly.
 */
async function fetchNvd(settings: FeedSettings, signal: AbortSignal): Promise<FeedFile[]> {
  const files: FeedFile[] = [];
  const headers: Record<string, string> = settings.nvdApiKey ? { apiKey: settings.nvdApiKey } : {};
  const pause =
    new URL(settings.urls.nvd).hostname === NVD_PUBLIC_HOST ? (settings.nvdApiKey ? 700 : 6500) : 0;
  for (const cpe of engineCpes()) {
    for (let start = 0; ; ) {
      const url = new URL(settings.urls.nvd);
      url.searchParams.set('virtualMatchString', `cpe:2.3:a:${cpe}`);
      url.searchParams.set('startIndex', String(start));
      url.searchParams.set('resultsPerPage', String(NVD_PAGE));
      if (files.length && pause) await delay(pause, undefined, { signal });
      const bytes = await get(url.href, signal, headers);
      files.push({ name: url.href, bytes });
      // The API may answer fewer results than asked: the next page starts after those it gave.
      const page = JSON.parse(bytes.toString('utf8')) as {
        totalResults?: number;
        resultsPerPage?: number;
      };
      start += page.resultsPerPage ?? 0;
      if (!page.resultsPerPage || !page.totalResults || start >= page.totalResults) break;
    }
  }
  return files;
}

/** Where cisagov/vulnrichment keeps a CVE's record: <year>/<n>xxx/CVE-<year>-<number>.json. */
export function vulnrichmentPath(cve: string): string {
  const [, year, number] = cve.split('-') as [string, string, string];
  return `${year}/${Math.floor(Number(number) / 1000)}xxx/${cve}.json`;
}

/** The Vulnrichment records of `cves`; a CVE without a record (404) is not an error. */
async function fetchVulnrichment(
  settings: FeedSettings,
  cves: readonly string[],
  signal: AbortSignal,
): Promise<{ files: FeedFile[]; errors: string[] }> {
  const files: FeedFile[] = [];
  const errors: string[] = [];
  const queue = [...cves];
  const base = settings.urls.vulnrichment.replace(/\/+$/, '');
  const worker = async () => {
    for (let cve = queue.shift(); cve; cve = queue.shift()) {
      const url = `${base}/${vulnrichmentPath(cve)}`;
      try {
        files.push({ name: url, bytes: await get(url, signal) });
      } catch (error) {
        if (error instanceof FetchError && error.status === 404) continue;
        if (signal.aborted) throw error;
        errors.push((error as Error).message);
      }
    }
  };
  await Promise.all(Array.from({ length: VULNRICHMENT_CONCURRENCY }, worker));
  files.sort((a, b) => a.name.localeCompare(b.name));
  return { files, errors };
}

/**
 * Fetches the files of one source from its configured URL. `cves` are the CVEs NetGuard holds
 * (Vulnrichment is asked for those only).
 */
export async function fetchFeed(
  source: TFeedSource,
  settings: FeedSettings,
  cves: () => Promise<readonly string[]>,
  signal: AbortSignal,
): Promise<{ files: FeedFile[]; errors: string[] }> {
  switch (source) {
    case 'nvd':
      return { files: await fetchNvd(settings, signal), errors: [] };
    case 'kev':
    case 'epss':
      return {
        files: [{ name: settings.urls[source], bytes: await get(settings.urls[source], signal) }],
        errors: [],
      };
    case 'vulnrichment':
      return fetchVulnrichment(settings, await cves(), signal);
    case 'osv': {
      const base = settings.urls.osv.replace(/\/+$/, '');
      const files: FeedFile[] = [];
      for (const ecosystem of settings.osvEcosystems) {
        const url = `${base}/${encodeURIComponent(ecosystem)}/all.zip`;
        files.push({ name: url, bytes: await get(url, signal) });
      }
      return { files, errors: [] };
    }
  }
}
