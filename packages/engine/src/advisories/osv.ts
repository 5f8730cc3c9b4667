import { z } from 'zod';
import { distroOfEcosystem, productKeyForPackage } from './distro-packages.ts';
import { pushError, recordError } from './record-error.ts';
import type { FeedRecord } from './records.ts';
import { type TCveDistroFix, ZDistroFix } from './schema.ts';

const CVE = /CVE-\d{4}-\d{4,}/;
const text = z.string().max(200);

const ZEvent = z.object({ introduced: text.optional(), fixed: text.optional() });
const ZOsvRecord = z.object({
  id: z.string().min(1).max(200),
  modified: z.string().max(40).optional(),
  withdrawn: z.string().max(40).optional(),
  aliases: z.array(text).default([]),
  upstream: z.array(text).default([]),
  related: z.array(text).default([]),
  affected: z
    .array(
      z.object({
        package: z.object({ name: text, ecosystem: text }).optional(),
        ranges: z.array(z.object({ type: text, events: z.array(ZEvent) })).default([]),
      }),
    )
    .default([]),
});
type OsvRecord = z.infer<typeof ZOsvRecord>;

export type OsvStats = {
  records: number;
  /** records that gave at least one distribution fix */
  imported: number;
  invalid: number;
  withdrawn: number;
  /** records naming no CVE in id, aliases, upstream or related */
  noCve: number;
  /** records whose packages are all for other products or ecosystems */
  unknown: number;
};

export type OsvFeed = {
  distributions: TCveDistroFix[];
  stats: OsvStats;
  errors: string[];
  /** The newest `modified` of the records read. */
  modified: string | null;
};

/**
 * CVE ids of a record: the one its id names (DEBIAN-CVE-…, UBUNTU-CVE-…, CVE-…), else those of
 * aliases, upstream and related (a DSA, USN or ALSA fixes every CVE it lists).
 */
function cvesOf(record: OsvRecord): string[] {
  const own = CVE.exec(record.id)?.[0];
  if (own) return [own];
  const named = [...record.aliases, ...record.upstream, ...record.related];
  return [...new Set(named.flatMap((n) => CVE.exec(n)?.[0] ?? []))];
}

/** The first fixed version in the ecosystem's order; Alpine writes "0" for "not affected". */
function verdict(
  affected: OsvRecord['affected'][number],
): Pick<TCveDistroFix, 'fixed' | 'not_affected'> {
  const events = affected.ranges.filter((r) => r.type === 'ECOSYSTEM').flatMap((r) => r.events);
  const fixed = events.find((e) => e.fixed)?.fixed;
  if (fixed === '0') return { not_affected: true };
  return fixed ? { fixed } : {};
}

function fixesOf(record: OsvRecord, cves: string[]): TCveDistroFix[] {
  const fixes: TCveDistroFix[] = [];
  for (const affected of record.affected) {
    if (!affected.package) continue;
    const where = distroOfEcosystem(affected.package.ecosystem);
    const product = productKeyForPackage(affected.package.name);
    if (!where || !product) continue;
    const fix = ZDistroFix.parse({
      ...where,
      package: affected.package.name,
      ...verdict(affected),
    });
    for (const cve_id of cves) fixes.push({ ...fix, cve_id, product });
  }
  return fixes;
}

const known = (f: TCveDistroFix) => Boolean(f.fixed || f.not_affected);

/**
 * Distribution fixes from OSV records (Debian, Ubuntu, Alpine, Red Hat, AlmaLinux, Rocky) for the
 * products the engine detects; other records are counted and skipped, bad ones with an error line.
 * One fix per CVE, release and package: a fixed or not-affected verdict beats "not fixed yet".
 */
export function parseOsv(input: Iterable<FeedRecord>): OsvFeed {
  const stats: OsvStats = {
    records: 0,
    imported: 0,
    invalid: 0,
    withdrawn: 0,
    noCve: 0,
    unknown: 0,
  };
  const errors: string[] = [];
  const byKey = new Map<string, TCveDistroFix>();
  let modified: string | null = null;
  for (const entry of input) {
    const index = stats.records++;
    if ('error' in entry) {
      stats.invalid++;
      pushError(errors, entry.error);
      continue;
    }
    const item = entry.value;
    const parsed = ZOsvRecord.safeParse(item);
    if (!parsed.success) {
      stats.invalid++;
      pushError(errors, recordError(index, item, 'id', parsed.error));
      continue;
    }
    const record = parsed.data;
    if (record.modified && (!modified || record.modified > modified)) modified = record.modified;
    if (record.withdrawn) {
      stats.withdrawn++;
      continue;
    }
    const cves = cvesOf(record);
    if (!cves.length) {
      stats.noCve++;
      continue;
    }
    let fixes: TCveDistroFix[];
    try {
      fixes = fixesOf(record, cves);
    } catch (error) {
      stats.invalid++;
      pushError(errors, recordError(index, item, 'id', error as z.ZodError));
      continue;
    }
    if (!fixes.length) {
      stats.unknown++;
      continue;
    }
    stats.imported++;
    for (const fix of fixes) {
      const key = [fix.cve_id, fix.distro, fix.release, fix.package].join('|');
      const held = byKey.get(key);
      if (!held || (!known(held) && known(fix))) byKey.set(key, fix);
    }
  }
  if (stats.records && stats.invalid === stats.records)
    throw new Error('not OSV records: no record has a valid "id" and "affected" list');
  return { distributions: [...byKey.values()], stats, errors, modified };
}
