import { decidingCheck } from './judged.ts';
import { productKeyForCpe, productKeyForName } from './products.ts';
import type { TAdvisory, TDistroFix, TVersionRange } from './schema.ts';
import {
  type CompiledRange,
  compileRange,
  holds,
  type ParsedVersion,
  parseVersion,
  withoutPortable,
} from './version.ts';

/** An advisory with its ranges compiled and its distribution fixes keyed by `fixKey`. */
export type IndexedAdvisory = {
  advisory: TAdvisory;
  ranges: { range: TVersionRange; compiled: CompiledRange }[];
  fixes?: ReadonlyMap<string, TDistroFix>;
};

/** An advisory whose upstream range holds a version, and that range. */
export type UpstreamHit = { entry: IndexedAdvisory; range: TVersionRange };

/**
 * One product's advisories: all of them, those with a fix for each distribution release and
 * package, and the upstream hits already worked out per version text (scans see the same
 * versions on many hosts).
 */
export type ProductAdvisories = {
  entries: IndexedAdvisory[];
  byFix: Map<string, IndexedAdvisory[]>;
  hits: Map<string, readonly UpstreamHit[]>;
};

/** Advisories by product key, built once per advisory list. */
export type AdvisoryIndex = ReadonlyMap<string, ProductAdvisories>;

/** How a distribution fix is keyed: "debian/12/openssh". */
export const fixKey = (distro: string, release: string, pkg: string) =>
  `${distro}/${release}/${pkg}`;

/**
 * Groups advisories by product key (`product` may be a key or a detected name, `cpe` a fallback)
 * and parses their bounds once. Left out: client-tool flaws (never on a listening service) and
 * CVEs a check decides from the server's behaviour (judged.ts).
 */
export function indexAdvisories(advisories: readonly TAdvisory[]): AdvisoryIndex {
  const index = new Map<string, ProductAdvisories>();
  // Imports repeat the same bounds thousands of times: parse each text once.
  const parsed = new Map<string, ParsedVersion | null>();
  const parse = (text: string) => {
    const known = parsed.get(text);
    if (known !== undefined) return known;
    const version = parseVersion(text);
    parsed.set(text, version);
    return version;
  };
  for (const advisory of advisories) {
    if (advisory.component === 'client' || decidingCheck(advisory.cve_id)) continue;
    const key =
      productKeyForName(advisory.product) ??
      (advisory.cpe && productKeyForCpe(advisory.cpe)) ??
      advisory.product.toLowerCase();
    let product = index.get(key);
    if (!product) {
      product = { entries: [], byFix: new Map(), hits: new Map() };
      index.set(key, product);
    }
    const entry: IndexedAdvisory = {
      advisory,
      ranges: advisory.affected.map((range) => ({ range, compiled: compileRange(range, parse) })),
    };
    if (advisory.distributions?.length) {
      const fixes = new Map<string, TDistroFix>();
      for (const fix of advisory.distributions) {
        const at = fixKey(fix.distro, fix.release, fix.package);
        fixes.set(at, fix);
        const list = product.byFix.get(at);
        if (list) list.push(entry);
        else product.byFix.set(at, [entry]);
      }
      entry.fixes = fixes;
    }
    product.entries.push(entry);
  }
  return index;
}

const MAX_CACHED_VERSIONS = 4096;

/** The advisories whose upstream ranges hold the version, worked out once per version text. */
export function upstreamHits(product: ProductAdvisories, version: string): readonly UpstreamHit[] {
  const cached = product.hits.get(version);
  if (cached) return cached;
  const hits: UpstreamHit[] = [];
  const v = parseVersion(version);
  if (v) {
    const plain = withoutPortable(v);
    for (const entry of product.entries)
      for (const { range, compiled } of entry.ranges)
        if (holds(compiled, v, plain)) {
          hits.push({ entry, range });
          break;
        }
  }
  if (product.hits.size >= MAX_CACHED_VERSIONS) product.hits.clear();
  product.hits.set(version, hits);
  return hits;
}
