import { DETECTION_QOD, DISTRO_UPSTREAM_QOD, type TDetection } from '@netguard/contracts';
import type { ServiceInfo } from '../types.ts';
import {
  type AdvisoryIndex,
  fixKey,
  type IndexedAdvisory,
  upstreamHits,
} from './advisory-index.ts';
import { compareDistroVersions, type DistroBuild, distroBuild } from './distro.ts';
import { cpeVendorProduct, productKeyForCpe, productKeyForName, productLabel } from './products.ts';
import type { TAdvisory, TDistroFix, TVersionRange } from './schema.ts';
import { describeRange } from './version.ts';

export { type AdvisoryIndex, indexAdvisories } from './advisory-index.ts';

/**
 * A product and version seen on a service, and the text that showed it. `library`: named next to
 * the service's own product in its header ("OpenSSL/1.0.1f" after "Apache/2.4.7").
 */
export type DetectedProduct = { key: string; version: string; source: string; library: boolean };

/**
 * One advisory that applies to a detected product: decided by the distribution's fix (`fix`, the
 * package version is older or the release has no fix yet) or by an upstream range (`range`).
 */
export type AdvisoryMatch = {
  advisory: TAdvisory;
  product: DetectedProduct;
  build?: DistroBuild;
  range?: TVersionRange;
  fix?: TDistroFix;
  detection: TDetection;
};

// Server and X-Powered-By list several products: "Apache/2.4.7 (Ubuntu) OpenSSL/1.0.1f PHP/5.5.9".
const HEADER_TOKEN = /([A-Za-z][\w.-]*)\/v?(\d[\w.~+-]*)/g;
const MAX_HEADER_TOKENS = 12;

/** Every product with a version that the service revealed, main product first. */
export function detectedProducts(service: ServiceInfo): DetectedProduct[] {
  const found: DetectedProduct[] = [];
  const add = (key: string | undefined, version: string | undefined, source: string) => {
    if (key && version && !found.some((f) => f.key === key))
      found.push({ key, version, source, library: found.length > 0 });
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

/**
 * The advisories that apply to what the service revealed. A distribution build with a package
 * version is judged by that distribution's fix in its own version order; otherwise the upstream
 * ranges decide, with a low confidence when the service names a distribution (backports unknown).
 */
export function matchAdvisories(service: ServiceInfo, index: AdvisoryIndex): AdvisoryMatch[] {
  const matches: AdvisoryMatch[] = [];
  for (const product of detectedProducts(service)) {
    const advisories = index.get(product.key);
    if (!advisories) continue;
    const build = distroBuild(product);
    const key =
      build?.release && build.package && fixKey(build.distro, build.release, build.package);
    const decided = new Set<IndexedAdvisory>();
    for (const entry of key ? (advisories.byFix.get(key) ?? []) : []) {
      const fix = entry.fixes!.get(key as string)!;
      const verdict = applies(entry, product) ? packageVerdict(fix, build!) : 'unknown';
      if (verdict === 'unknown') continue;
      decided.add(entry);
      if (verdict === 'affected') matches.push(packageMatch(entry.advisory, product, build!, fix));
    }
    for (const { entry, range } of upstreamHits(advisories, product.version))
      if (!decided.has(entry) && applies(entry, product))
        matches.push(upstreamMatch(entry.advisory, product, build, range));
  }
  return matches;
}

/** A library flaw applies only where the service names the library next to its own product. */
const applies = (entry: IndexedAdvisory, product: DetectedProduct) =>
  entry.advisory.component !== 'library' || product.library;

/** The distribution's verdict on the build's package; `unknown` leaves it to upstream ranges. */
function packageVerdict(fix: TDistroFix, build: DistroBuild): 'clear' | 'affected' | 'unknown' {
  if (fix.not_affected) return 'clear';
  if (!build.version) return 'unknown';
  if (!fix.fixed) return 'affected';
  const order = compareDistroVersions(build.distro, build.version, fix.fixed);
  return order === null ? 'unknown' : order >= 0 ? 'clear' : 'affected';
}

function packageMatch(
  advisory: TAdvisory,
  product: DetectedProduct,
  build: DistroBuild,
  fix: TDistroFix,
): AdvisoryMatch {
  const name = advisory.cve_id ?? advisory.id;
  const detail = fix.fixed
    ? `Package ${build.package} ${build.version} on ${build.label} is older than ${fix.fixed}, the distribution's fix for ${name}.`
    : `${build.label} has not fixed ${name} in package ${build.package} yet; the host runs ${build.version}.`;
  const detection: TDetection = {
    method: 'package_revision',
    qod: DETECTION_QOD.package_revision,
    detail,
    distribution: build.label,
  };
  return { advisory, product, build, fix, detection };
}

function upstreamMatch(
  advisory: TAdvisory,
  product: DetectedProduct,
  build: DistroBuild | undefined,
  range: TVersionRange,
): AdvisoryMatch {
  const label = `${productLabel(product.key)} ${product.version}`;
  const where = `the affected range ${describeRange(range)}`;
  const revision = build?.version
    ? `no fix of ${build.label} is recorded for package ${build.version}`
    : 'the package revision is not shown';
  const detail = build
    ? `Upstream version only on a ${build.label} build: the distribution may have backported the fix (${label} is in ${where}; ${revision}).`
    : `${label} is in ${where}.`;
  const detection = upstreamDetection(detail, build?.label ?? null);
  return { advisory, product, ...(build ? { build } : {}), range, detection };
}

/**
 * A detection from the upstream version alone: QoD 80, or DISTRO_UPSTREAM_QOD on a distribution
 * build, whose backported fixes the version cannot show.
 */
export function upstreamDetection(detail: string, distribution: string | null): TDetection {
  const qod = distribution ? DISTRO_UPSTREAM_QOD : DETECTION_QOD.upstream_version;
  return { method: 'upstream_version', qod, detail: detail.slice(0, 1000), distribution };
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
