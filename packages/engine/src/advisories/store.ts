import { existsSync, mkdirSync, readFileSync, renameSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { z } from 'zod';
import {
  type TAdvisory,
  type TAdvisoryStore,
  type TCveDistroFix,
  type TDistroFix,
  type TProductDistroFix,
  ZAdvisory,
  ZAdvisoryStore,
} from './schema.ts';

let bundled: TAdvisory[] | undefined;

/** The rule set shipped with the engine (bundled.json), validated once. */
export function bundledAdvisories(): readonly TAdvisory[] {
  bundled ??= z
    .array(ZAdvisory)
    .parse(JSON.parse(readFileSync(new URL('./bundled.json', import.meta.url), 'utf8')));
  return bundled;
}

/** Where `advisories import` writes by default: $NETGUARD_DATA_DIR/advisories.json (./data). */
export function defaultAdvisoriesPath(env: NodeJS.ProcessEnv = process.env): string {
  return resolve(env.NETGUARD_DATA_DIR || './data', 'advisories.json');
}

/** A store with nothing in it. */
export function emptyStore(): TAdvisoryStore {
  return {
    format: 'netguard-advisories',
    version: 1,
    generated_at: new Date().toISOString(),
    advisories: [],
    kev: {},
    epss: {},
    distributions: {},
    ssvc: {},
  };
}

/** Reads and validates an advisories file; the error names the file and the first problem. */
export function readAdvisoryStore(path: string): TAdvisoryStore {
  let raw: unknown;
  try {
    raw = JSON.parse(readFileSync(path, 'utf8'));
  } catch (error) {
    throw new Error(`Cannot read advisories file ${path}: ${(error as Error).message}`);
  }
  const parsed = ZAdvisoryStore.safeParse(raw);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw new Error(
      `${path} is not a NetGuard advisories file: ${issue.path.join('.') || '(root)'}: ${issue.message}`,
    );
  }
  return parsed.data;
}

/** Writes the store atomically (temporary file, then rename), creating the folder. */
export function writeAdvisoryStore(path: string, store: TAdvisoryStore): void {
  mkdirSync(dirname(path), { recursive: true });
  const temporary = join(dirname(path), `.advisories-${process.pid}-${Date.now()}.json`);
  writeFileSync(temporary, `${JSON.stringify(store)}\n`);
  renameSync(temporary, path);
}

/** Advisories by id, later lists replacing earlier entries with the same id. */
export function mergeAdvisories(...lists: (readonly TAdvisory[])[]): TAdvisory[] {
  const byId = new Map<string, TAdvisory>();
  for (const list of lists) for (const advisory of list) byId.set(advisory.id, advisory);
  return [...byId.values()];
}

type FeedData = Pick<TAdvisoryStore, 'kev' | 'epss' | 'distributions'>;

const fixKey = (f: TDistroFix) => `${f.distro}|${f.release}|${f.package}`;

function withFixes(advisory: TAdvisory, fixes: readonly TProductDistroFix[]): TDistroFix[] {
  const merged = new Map((advisory.distributions ?? []).map((f) => [fixKey(f), f]));
  for (const { product: _, ...fix } of fixes) merged.set(fixKey(fix), fix);
  return [...merged.values()].slice(0, 500);
}

/**
 * Sets KEV, EPSS and distribution fixes on every advisory whose CVE the maps name (fixes only
 * where the product matches too); the maps win over older values.
 */
export function applyFeeds(advisories: readonly TAdvisory[], feeds: FeedData): TAdvisory[] {
  return advisories.map((a) => {
    if (!a.cve_id) return a;
    const { kev, epss } = feeds;
    const fixes = feeds.distributions[a.cve_id]?.filter((f) => f.product === a.product) ?? [];
    if (!kev[a.cve_id] && !epss[a.cve_id] && !fixes.length) return a;
    return {
      ...a,
      kev: kev[a.cve_id] ?? a.kev,
      epss: epss[a.cve_id] ?? a.epss,
      ...(fixes.length && { distributions: withFixes(a, fixes) }),
    };
  });
}

/** The fixes of a store as one list, each with its CVE. */
export function distributionList(byCve: TAdvisoryStore['distributions']): TCveDistroFix[] {
  return Object.entries(byCve).flatMap(([cve_id, fixes]) => fixes.map((f) => ({ ...f, cve_id })));
}

/** Distribution fixes by CVE, later entries replacing earlier ones for the same release and package. */
export function groupDistributions(
  ...lists: (readonly TCveDistroFix[])[]
): TAdvisoryStore['distributions'] {
  const byCve = new Map<string, Map<string, TProductDistroFix>>();
  for (const list of lists)
    for (const { cve_id, ...fix } of list) {
      const held = byCve.get(cve_id) ?? new Map();
      held.set(`${fixKey(fix)}|${fix.product}`, fix);
      byCve.set(cve_id, held);
    }
  return Object.fromEntries([...byCve].map(([cve, fixes]) => [cve, [...fixes.values()]]));
}

// Engines are created per scan (or per chunk on a server): parse a file again only when it changed.
const cache = new Map<string, { stamp: string; store: TAdvisoryStore }>();

function readStoreCached(path: string): TAdvisoryStore {
  let stamp: string;
  try {
    const stat = statSync(path);
    stamp = `${stat.mtimeMs}:${stat.size}`;
  } catch (error) {
    throw new Error(`Cannot read advisories file ${path}: ${(error as Error).message}`);
  }
  const hit = cache.get(path);
  if (hit?.stamp === stamp) return hit.store;
  const store = readAdvisoryStore(path);
  if (cache.size >= 8) cache.clear();
  cache.set(path, { stamp, store });
  return store;
}

export type LoadOptions = {
  /** An advisories file from `advisories import`; must exist when given. */
  file?: string;
  /** More advisories, e.g. from a database; they replace entries with the same id. */
  advisories?: readonly TAdvisory[];
  /** More distribution fixes, e.g. from a database; they replace the file's for a release. */
  distributions?: readonly TCveDistroFix[];
  /** KEV entries by CVE, e.g. from a database; they replace the file's. */
  kev?: TAdvisoryStore['kev'];
  /** EPSS scores by CVE, e.g. from a database; they replace the file's. */
  epss?: TAdvisoryStore['epss'];
};

/**
 * The advisories a scan matches against: bundled, then the file's, then `advisories`, with KEV,
 * EPSS and distribution fixes applied by CVE (the file's, then those given, which win).
 * @example loadAdvisories({ file: defaultAdvisoriesPath() })
 */
export function loadAdvisories(options: LoadOptions = {}): TAdvisory[] {
  const store = options.file ? readStoreCached(resolve(options.file)) : emptyStore();
  const extra = z.array(ZAdvisory).parse(options.advisories ?? []);
  const merged = mergeAdvisories(bundledAdvisories(), store.advisories, extra);
  const distributions = options.distributions?.length
    ? groupDistributions(distributionList(store.distributions), options.distributions)
    : store.distributions;
  const kev = { ...store.kev, ...options.kev };
  const epss = { ...store.epss, ...options.epss };
  return applyFeeds(merged, { kev, epss, distributions });
}

/** The default advisories file when it exists, for callers that load it only if present. */
export function existingDefaultStore(env: NodeJS.ProcessEnv = process.env): string | undefined {
  const path = defaultAdvisoriesPath(env);
  return existsSync(path) ? path : undefined;
}
