import { existsSync } from 'node:fs';
import { parseEpss, parseKev } from './kev-epss.ts';
import { convertNvd, type NvdStats } from './nvd.ts';
import { type TAdvisory, type TEpss, ZAdvisoryStore } from './schema.ts';
import { readSource, type SourceOptions } from './source.ts';
import {
  applyFlags,
  bundledAdvisories,
  defaultAdvisoriesPath,
  emptyStore,
  mergeAdvisories,
  readAdvisoryStore,
  writeAdvisoryStore,
} from './store.ts';

export type ImportOptions = SourceOptions & {
  /** NVD CVE API 2.0 responses (files or URLs), e.g. several result pages. */
  nvd?: readonly string[];
  /** The CISA KEV catalog JSON. */
  kev?: string;
  /** The FIRST EPSS CSV, plain or gzip. */
  epss?: string;
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
  store: { advisories: number; kev: number; epss: number };
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

/**
 * Imports NVD, KEV and EPSS feeds into the advisories file: NVD records become advisories, KEV and
 * EPSS data are merged in by CVE. Every source is read before anything is written.
 * @example await importAdvisories({ nvd: ['nvd.json'], kev: 'kev.json', epss: 'epss.csv.gz' })
 */
export async function importAdvisories(options: ImportOptions): Promise<ImportResult> {
  const nvdSources = options.nvd ?? [];
  if (!nvdSources.length && !options.kev && !options.epss)
    throw new Error('Nothing to import: give --nvd, --kev or --epss');
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

  const existing = !options.replace && existsSync(path) ? readAdvisoryStore(path) : emptyStore();
  const advisories = mergeAdvisories(existing.advisories, imported);
  const kevByCve = kev?.kev ?? existing.kev;
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
    advisories: applyFlags(advisories, kevByCve, epssByCve),
    kev: kevByCve,
    epss: epssByCve,
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
  return {
    ...result,
    store: {
      advisories: store.advisories.length,
      kev: Object.keys(store.kev).length,
      epss: Object.keys(store.epss).length,
    },
  };
}

function sumStats(a: NvdStats | undefined, b: NvdStats): NvdStats {
  if (!a) return b;
  const sum = { ...a };
  for (const key of Object.keys(b) as (keyof NvdStats)[]) sum[key] += b[key];
  return sum;
}
