import { z } from 'zod';
import { productKeyForCpe, productLabel } from './products.ts';
import { pushError, recordError } from './record-error.ts';
import type { TAdvisory, TVersionRange } from './schema.ts';
import { ZAdvisory } from './schema.ts';
import { describeRange } from './version.ts';

// Only the parts of an NVD CVE API 2.0 record the conversion reads; other fields are ignored.
const ZCvssData = z.object({
  version: z.string().optional(),
  vectorString: z.string().max(200).optional(),
  baseScore: z.number().min(0).max(10),
});
const ZMetric = z.object({ type: z.string().optional(), cvssData: ZCvssData });
const ZCpeMatch = z.object({
  vulnerable: z.boolean(),
  criteria: z.string().max(500),
  versionStartIncluding: z.string().max(64).optional(),
  versionStartExcluding: z.string().max(64).optional(),
  versionEndIncluding: z.string().max(64).optional(),
  versionEndExcluding: z.string().max(64).optional(),
});
const ZNvdCve = z.object({
  id: z.string().regex(/^CVE-\d{4}-\d{4,}$/),
  vulnStatus: z.string().optional(),
  descriptions: z.array(z.object({ lang: z.string(), value: z.string() })).default([]),
  metrics: z.record(z.string(), z.array(ZMetric)).default({}),
  configurations: z
    .array(
      z.object({
        nodes: z
          .array(
            z.object({ negate: z.boolean().optional(), cpeMatch: z.array(ZCpeMatch).default([]) }),
          )
          .default([]),
      }),
    )
    .default([]),
  references: z.array(z.object({ url: z.string() })).default([]),
});
type NvdCve = z.infer<typeof ZNvdCve>;

export type NvdStats = {
  cves: number;
  advisories: number;
  invalid: number;
  rejected: number;
  noCvss: number;
  /** vulnerable CPE matches whose vendor:product has no engine product */
  unmapped: number;
  /** vulnerable CPE matches with no version or bounds (every version, or "-") */
  unversioned: number;
};

const METRIC_ORDER = [
  ['cvssMetricV31', '3.1'],
  ['cvssMetricV30', '3.0'],
  ['cvssMetricV40', '4.0'],
  ['cvssMetricV2', '2.0'],
] as const;

/**
 * The NVD's own (Primary) score of the first CVSS version present in METRIC_ORDER (3.1 before
 * 4.0), else the first one; the other versions' vectors are kept beside it, for the assessment.
 */
function pickCvss(metrics: NvdCve['metrics']): TAdvisory['cvss'] | undefined {
  const found = METRIC_ORDER.flatMap(([key, version]) => {
    const list = metrics[key] ?? [];
    const metric = list.find((m) => m.type === 'Primary') ?? list[0];
    return metric
      ? [{ score: metric.cvssData.baseScore, vector: metric.cvssData.vectorString, version }]
      : [];
  });
  const [first, ...rest] = found;
  if (!first) return undefined;
  const others = rest.flatMap((o) => (o.vector ? [{ ...o, vector: o.vector }] : []));
  return others.length ? { ...first, others } : first;
}

// CPE 2.3 escapes reserved characters with a backslash: split on unescaped colons only.
const cpeFields = (criteria: string) =>
  criteria.split(/(?<!\\):/).map((f) => f.replace(/\\(.)/g, '$1'));

/** The range a CPE match describes, or null when it names no version ("*" without bounds, "-"). */
export function rangeFromCpeMatch(match: z.infer<typeof ZCpeMatch>): TVersionRange | null {
  const [, , , , , version = '*', update = '*'] = cpeFields(match.criteria);
  if (version === '-') return null;
  if (version !== '*') {
    const exact = update === '*' || update === '-' ? version : `${version}${update}`;
    return { introduced: exact, last_affected: exact };
  }
  const range: TVersionRange = {};
  if (match.versionStartIncluding) range.introduced = match.versionStartIncluding;
  if (match.versionStartExcluding) {
    range.introduced = match.versionStartExcluding;
    range.introduced_exclusive = true;
  }
  if (match.versionEndExcluding) range.fixed = match.versionEndExcluding;
  else if (match.versionEndIncluding) range.last_affected = match.versionEndIncluding;
  return range.introduced || range.fixed || range.last_affected ? range : null;
}

function solutionFor(label: string, ranges: TVersionRange[]): string {
  const fixed = [...new Set(ranges.flatMap((r) => (r.fixed ? [r.fixed] : [])))].slice(0, 10);
  if (fixed.length)
    return `Upgrade ${label} to ${fixed.join(', ')} or later (the fixed release of your branch), or install the vendor's patched package; see the references.`;
  return `No fixed release is listed for the affected versions (${ranges.slice(0, 3).map(describeRange).join('; ')}). Upgrade ${label} to a release outside them or follow the vendor advisory in the references.`;
}

function isUrl(text: string): boolean {
  try {
    return /^https?:$/.test(new URL(text).protocol) && text.length <= 500;
  } catch {
    return false;
  }
}

/** One advisory per (CVE, engine product) from one NVD record. */
function convertCve(cve: NvdCve, stats: NvdStats): TAdvisory[] {
  const cvss = pickCvss(cve.metrics);
  if (!cvss) {
    stats.noCvss++;
    return [];
  }
  const byProduct = new Map<string, { cpe: string; ranges: TVersionRange[] }>();
  for (const config of cve.configurations) {
    for (const node of config.nodes) {
      if (node.negate) continue;
      for (const match of node.cpeMatch) {
        if (!match.vulnerable) continue;
        const [, , part, vendor, product] = cpeFields(match.criteria);
        const cpe = `${vendor}:${product}`.toLowerCase();
        const key = part === 'a' || part === 'o' ? productKeyForCpe(cpe) : undefined;
        if (!key) {
          stats.unmapped++;
          continue;
        }
        const range = rangeFromCpeMatch(match);
        if (!range) {
          stats.unversioned++;
          continue;
        }
        const entry = byProduct.get(key) ?? { cpe, ranges: [] };
        entry.ranges.push(range);
        byProduct.set(key, entry);
      }
    }
  }
  const summary =
    cve.descriptions.find((d) => d.lang === 'en')?.value.trim() ?? `${cve.id} (no description)`;
  const references = [...new Set(cve.references.map((r) => r.url))].filter(isUrl).slice(0, 20);
  return [...byProduct].map(([key, { cpe, ranges }]) =>
    ZAdvisory.parse({
      id: `${key}/${cve.id}`,
      product: key,
      cpe,
      affected: ranges.slice(0, 1000),
      cve_id: cve.id,
      cvss,
      summary: summary.slice(0, 3000) || cve.id,
      solution: solutionFor(productLabel(key), ranges),
      references,
    }),
  );
}

export type NvdFeed = {
  advisories: TAdvisory[];
  stats: NvdStats;
  /** Records that gave at least one advisory. */
  converted: number;
  /** One line per invalid record (at most MAX_ERRORS). */
  errors: string[];
  /** The response's own `version` and `timestamp`. */
  version: string | null;
  timestamp: string | null;
};

/**
 * Converts an NVD CVE API 2.0 response (`vulnerabilities[].cve`) into advisories for the products
 * the engine detects; records it cannot use are counted, never fatal.
 */
export function convertNvd(feed: unknown): NvdFeed {
  const parsed = z
    .object({
      version: z.string().max(40).optional().catch(undefined),
      timestamp: z.string().max(40).optional().catch(undefined),
      vulnerabilities: z.array(z.unknown()),
    })
    .safeParse(feed);
  if (!parsed.success)
    throw new Error('not an NVD CVE API 2.0 response: no "vulnerabilities" list');
  const stats: NvdStats = {
    cves: 0,
    advisories: 0,
    invalid: 0,
    rejected: 0,
    noCvss: 0,
    unmapped: 0,
    unversioned: 0,
  };
  const advisories: TAdvisory[] = [];
  const errors: string[] = [];
  // Records that gave at least one advisory, for the dispatcher's imported/skipped counts.
  let converted = 0;
  for (const [index, item] of parsed.data.vulnerabilities.entries()) {
    stats.cves++;
    const cve = z.object({ cve: ZNvdCve }).safeParse(item);
    if (!cve.success) {
      stats.invalid++;
      const record = (item as { cve?: unknown } | null)?.cve;
      pushError(errors, recordError(index, record, 'id', cve.error));
      continue;
    }
    if (cve.data.cve.vulnStatus === 'Rejected') {
      stats.rejected++;
      continue;
    }
    try {
      const list = convertCve(cve.data.cve, stats);
      if (list.length) converted++;
      advisories.push(...list);
    } catch (error) {
      stats.invalid++;
      pushError(errors, recordError(index, cve.data.cve, 'id', error as Error));
    }
  }
  if (stats.invalid && stats.invalid === stats.cves)
    throw new Error('not an NVD CVE API 2.0 response: no record has a valid "cve" object');
  stats.advisories = advisories.length;
  return {
    advisories,
    stats,
    converted,
    errors,
    version: parsed.data.version ?? null,
    timestamp: parsed.data.timestamp ?? null,
  };
}
