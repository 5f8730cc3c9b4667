import type { ServiceInfo } from '../types.ts';
import { cpeVendorProduct, productKeyForCpe, productKeyForName } from './products.ts';
import type { TAdvisory, TVersionRange } from './schema.ts';
import { inRange } from './version.ts';

/** A product and version seen on a service, and the text that showed it. */
export type DetectedProduct = { key: string; version: string; source: string };

/** One advisory whose affected range holds a detected version. */
export type AdvisoryMatch = { advisory: TAdvisory; product: DetectedProduct; range: TVersionRange };

/** Advisories grouped by product key, built once per advisory list. */
export type AdvisoryIndex = ReadonlyMap<string, readonly TAdvisory[]>;

/** Groups advisories by product key; `product` may be a key or a detected name, `cpe` a fallback. */
export function indexAdvisories(advisories: readonly TAdvisory[]): AdvisoryIndex {
  const index = new Map<string, TAdvisory[]>();
  for (const advisory of advisories) {
    const key =
      productKeyForName(advisory.product) ??
      (advisory.cpe && productKeyForCpe(advisory.cpe)) ??
      advisory.product.toLowerCase();
    index.set(key, [...(index.get(key) ?? []), advisory]);
  }
  return index;
}

// Server and X-Powered-By list several products: "Apache/2.4.7 (Ubuntu) OpenSSL/1.0.1f PHP/5.5.9".
const HEADER_TOKEN = /([A-Za-z][\w.-]*)\/v?(\d[\w.~+-]*)/g;
const MAX_HEADER_TOKENS = 12;

/** Every product with a version that the service revealed, main product first. */
export function detectedProducts(service: ServiceInfo): DetectedProduct[] {
  const found: DetectedProduct[] = [];
  const add = (key: string | undefined, version: string | undefined, source: string) => {
    if (key && version && !found.some((f) => f.key === key)) found.push({ key, version, source });
  };
  const headers = service.http?.headers ?? {};
  const mainKey =
    productKeyForName(service.product) ?? productKeyForCpe(cpeVendorProduct(service.cpe) ?? '');
  add(mainKey, fullVersion(service), sourceOf(service));
  for (const name of ['server', 'x-powered-by']) {
    const value = headers[name];
    if (!value) continue;
    let count = 0;
    for (const match of value.matchAll(HEADER_TOKEN)) {
      if (++count > MAX_HEADER_TOKENS) break;
      add(productKeyForName(match[1]), match[2], `${name}: ${value}`);
    }
  }
  return found;
}

/** The advisories whose ranges hold a version the service revealed. */
export function matchAdvisories(service: ServiceInfo, index: AdvisoryIndex): AdvisoryMatch[] {
  const matches: AdvisoryMatch[] = [];
  for (const product of detectedProducts(service)) {
    for (const advisory of index.get(product.key) ?? []) {
      const range = advisory.affected.find((r) => inRange(product.version, r));
      if (range) matches.push({ advisory, product, range });
    }
  }
  return matches;
}

// Probes trim versions ("9.9.7" from BIND's "9.9.7-P2"); the raw string keeps patch levels.
function fullVersion(service: ServiceInfo): string | undefined {
  const raw = service.extra?.raw ?? service.extra?.version_bind;
  const first = raw?.trim().split(/\s/)[0];
  if (service.version && first?.startsWith(service.version)) return first;
  return service.version;
}

function sourceOf(service: ServiceInfo): string {
  const server = service.http?.headers.server;
  if (server) return `server: ${server}`;
  if (service.extra?.raw) return `${service.name} server version: ${service.extra.raw}`;
  if (service.extra?.version_bind) return `version.bind: ${service.extra.version_bind}`;
  const version = service.version ?? '';
  const lines = service.banner?.split(/\\x0d\\x0a|\\x0a/) ?? [];
  const line = lines.find((l) => version && l.includes(version)) ?? lines[0];
  if (line && !line.includes('\\x')) return `${service.name} banner: ${line}`;
  return `${service.name} reports ${service.product ?? 'version'} ${version}`;
}
