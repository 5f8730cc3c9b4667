import { existsSync } from 'node:fs';
import { parseEpss, parseKev } from './kev-epss.ts';
import { convertNvd, type NvdStats } from './nvd.ts';
import { type OsvStats, parseOsv } from './osv.ts';
import { readRecordSources } from './record-source.ts';
import type { FeedRecord } from './records.ts';
import { type TAdvisory, type TEpss, ZAdvisoryStore } from './schema.ts';
import { readSource, type SourceOptions } from './source.ts';
import {
  applyFeeds,
  bundledAdvisories,
  defaultAdvisoriesPath,
  distributionList,
  emptyStore,
  groupDistributions,
  mergeAdvisories,
  readAdvisoryStore,
  writeAdvisoryStore,
} from './store.ts';
import { parseVulnrichment, type VulnrichmentStats } from './vulnrichment.ts';

export type ImportOptions = SourceOptions & {
  /** NVD CVE API 2.0 responses (files or URLs), e.g. several result pages. */
  nvd?: readonly string[];
  /** The CISA KEV catalog JSON. */
  kev?: string;
  /** The FIRST EPSS CSV, plain or gzip. */
  epss?: string;
  /** OSV records: a record, an array, an ecosystem's all.zip, or a folder of them. */
  osv?: readonly string[];
  /** CVE JSON 5 records of cisagov/vulnrichment: a record, an array, a zip or a folder. */
  vulnrichment?: readonly string[];
  /** Advisories file to write. Default $NETGUARD_DATA_DIR/advisories.json. */
  out?: string;
  /** Start from an empty store instead of merging into the existing file. */
  replace?: boolean;
};

export type ImportResult = {
  path: string;
  nvd?: NvdStats;
  kev?: { entries: number; invalid: number; matching: number };
  epss?: { rows: number; invalid: number; kept: number };
  osv?: OsvStats & { fixes: number; errors: string[] };
  vulnrichment?: VulnrichmentStats & { errors: string[] };
  store: { advisories: number; kev: number; epss: number; distributions: number; ssvc: number };
};

async function readJson(source: string, options: SourceOptions): Promise<unknown> {
  const data = await readSource(source, options);
  try {
    return JSON.parse(data.toString('utf8'));
  } catch (error) {
    throw new Error(`${source} is not valid JSON: ${(error as Error).message}`);
  }
}

// Names the feed in the message unless the reader already did.
function withSource(feed: string, error: unknown): Error {
  const message = (error as Error).message;
  return message.includes(feed) ? (error as Error) : new Error(`${feed}: ${message}`);
}

// Parses the records of all sources as one feed.
async function parseRecordSources<T>(
  sources: readonly string[],
  options: SourceOptions,
  parse: (records: Iterable<FeedRecord>) => T,
): Promise<T | undefined> {
  if (!sources.length) return undefined;
  const records = await readRecordSources(sources, options);
  try {
    return parse(records);
  } catch (error) {
    throw withSource(sources.join(', '), error);
  }
}

/**
 * Imports NVD, KEV, EPSS, OSV and Vulnrichment feeds into the advisories file: NVD records become
 * advisories; KEV, EPSS, distribution fixes and SSVC entries are merged in by CVE. Every source is
 * read before anything is written.
 * @example await importAdvisories({ nvd: ['nvd.json'], kev: 'kev.json', osv: ['debian-all.zip'] })
 */
export async function importAdvisories(options: ImportOptions): Promise<ImportResult> {
  const nvdSources = options.nvd ?? [];
  const osvSources = options.osv ?? [];
  const vulnrichmentSources = options.vulnrichment ?? [];
  if (
    !nvdSources.length &&
    !options.kev &&
    !options.epss &&
    !osvSources.length &&
    !vulnrichmentSources.length
  )
    throw new Error('Nothing to import: give --nvd, --kev, --epss, --osv or --vulnrichment');
  const path = options.out ?? defaultAdvisoriesPath();
  const result: Omit<ImportResult, 'store'> = { path };

  const imported: TAdvisory[] = [];
  for (const source of nvdSources) {
    let converted: ReturnType<typeof convertNvd>;
    try {
      converted = convertNvd(await readJson(source, options));
    } catch (error) {
      throw withSource(source, error);
    }
    imported.push(...converted.advisories);
    result.nvd = sumStats(result.nvd, converted.stats);
  }
  let kev: ReturnType<typeof parseKev> | undefined;
  if (options.kev) {
    try {
      kev = parseKev(await readJson(options.kev, options));
    } catch (error) {
      throw withSource(options.kev, error);
    }
  }
  let epss: ReturnType<typeof parseEpss> | undefined;
  if (options.epss) {
    try {
      epss = parseEpss((await readSource(options.epss, options)).toString('utf8'));
    } catch (error) {
      throw withSource(options.epss, error);
    }
  }

  const osvFeed = await parseRecordSources(osvSources, options, parseOsv);
  const vulnrichmentFeed = await parseRecordSources(
    vulnrichmentSources,
    options,
    parseVulnrichment,
  );

  const existing = !options.replace && existsSync(path) ? readAdvisoryStore(path) : emptyStore();
  const advisories = mergeAdvisories(existing.advisories, imported);
  // A KEV catalog replaces the entries held; Vulnrichment only adds the CVEs it lacks.
  const kevByCve = { ...vulnrichmentFeed?.kev, ...(kev?.kev ?? existing.kev) };
  const distributions = groupDistributions(
    distributionList(existing.distributions),
    osvFeed?.distributions ?? [],
  );
  const ssvc = { ...existing.ssvc, ...vulnrichmentFeed?.ssvc };
  // EPSS lists every published CVE; keep only the ones some advisory or KEV entry names.
  const known = new Set([
    ...[...bundledAdvisories(), ...advisories].flatMap((a) => (a.cve_id ? [a.cve_id] : [])),
    ...Object.keys(kevByCve),
  ]);
  const epssByCve: Record<string, TEpss> = {};
  for (const [cve, score] of Object.entries(epss?.epss ?? existing.epss))
    if (known.has(cve)) epssByCve[cve] = score;
  const store = ZAdvisoryStore.parse({
    ...emptyStore(),
    advisories: applyFeeds(advisories, { kev: kevByCve, epss: epssByCve, distributions }),
    kev: kevByCve,
    epss: epssByCve,
    distributions,
    ssvc,
  });
  writeAdvisoryStore(path, store);

  if (kev) {
    const entries = Object.keys(kev.kev);
    const cves = new Set([...bundledAdvisories(), ...advisories].map((a) => a.cve_id));
    const matching = entries.filter((cve) => cves.has(cve)).length;
    result.kev = { entries: entries.length, invalid: kev.invalid, matching };
  }
  if (epss)
    result.epss = {
      rows: Object.keys(epss.epss).length,
      invalid: epss.invalid,
      kept: Object.keys(epssByCve).length,
    };
  if (osvFeed)
    result.osv = {
      ...osvFeed.stats,
      fixes: osvFeed.distributions.length,
      errors: osvFeed.errors,
    };
  if (vulnrichmentFeed)
    result.vulnrichment = { ...vulnrichmentFeed.stats, errors: vulnrichmentFeed.errors };
  return {
    ...result,
    store: {
      advisories: store.advisories.length,
      kev: Object.keys(store.kev).length,
      epss: Object.keys(store.epss).length,
      distributions: Object.values(store.distributions).reduce((n, list) => n + list.length, 0),
      ssvc: Object.keys(store.ssvc).length,
    },
  };
}

function sumStats(a: NvdStats | undefined, b: NvdStats): NvdStats {
  if (!a) return b;
  const sum = { ...a };
  for (const key of Object.keys(b) as (keyof NvdStats)[]) sum[key] += b[key];
  return sum;
}
