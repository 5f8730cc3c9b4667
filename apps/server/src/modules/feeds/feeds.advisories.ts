import { bundledAdvisories, type TAdvisory, ZAdvisory } from '@netguard/engine';
import { desc, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { advisories, distroFixes, epssScores, kevEntries } from '../../db/schema.ts';
import type { Logger } from '../../lib/logger.ts';
import { dataStamp } from './feeds.repo.ts';

type Fix = NonNullable<TAdvisory['distributions']>[number];

async function readIntel(db: Executor) {
  const kev = new Map<string, NonNullable<TAdvisory['kev']>>();
  for (const row of await db.select().from(kevEntries))
    kev.set(row.cveId, {
      ...(row.dateAdded ? { date_added: row.dateAdded } : {}),
      ...(row.dueDate ? { due_date: row.dueDate } : {}),
      ...(row.requiredAction ? { required_action: row.requiredAction.slice(0, 1000) } : {}),
      ...(row.ransomware === null ? {} : { ransomware: row.ransomware }),
    });
  const epss = new Map<string, NonNullable<TAdvisory['epss']>>();
  const latest = await db
    .selectDistinctOn([epssScores.cveId])
    .from(epssScores)
    .orderBy(epssScores.cveId, desc(epssScores.scoreDate));
  for (const row of latest)
    epss.set(row.cveId, {
      score: row.score,
      percentile: row.percentile,
      date: row.scoreDate,
      ...(row.modelVersion ? { model_version: row.modelVersion } : {}),
    });
  const fixes = new Map<string, Fix[]>();
  for (const row of await db.select().from(distroFixes)) {
    const key = `${row.cveId}|${row.product}`;
    const fix = {
      distro: row.distro,
      release: row.release,
      package: row.package,
      ...(row.fixed ? { fixed: row.fixed } : {}),
      ...(row.notAffected ? { not_affected: true } : {}),
    } as Fix;
    fixes.set(key, [...(fixes.get(key) ?? []), fix]);
  }
  return { kev, epss, fixes };
}

/** The advisory's distribution fixes with the imported ones for its CVE and product on top. */
function withFixes(own: readonly Fix[] | undefined, imported: readonly Fix[]): Fix[] {
  const byKey = new Map<string, Fix>();
  for (const fix of [...(own ?? []), ...imported])
    byKey.set(`${fix.distro}|${fix.release}|${fix.package}`, fix);
  return [...byKey.values()].slice(0, 500);
}

/**
 * Bundled and imported advisories with the imported KEV entries, latest EPSS scores and
 * distribution fixes applied by CVE (and product, for fixes). Invalid rows are left out.
 */
export async function buildAdvisories(db: Executor, log?: Logger): Promise<TAdvisory[]> {
  const intel = await readIntel(db);
  const byId = new Map<string, TAdvisory>();
  for (const a of bundledAdvisories()) byId.set(a.id, a);
  const rows = await db.select({ data: advisories.data }).from(advisories).orderBy(sql`id`);
  let invalid = 0;
  for (const row of rows) {
    const parsed = ZAdvisory.safeParse(row.data);
    if (parsed.success) byId.set(parsed.data.id, parsed.data);
    else invalid++;
  }
  if (invalid) log?.warn({ component: 'feeds', invalid }, 'imported advisories left out');
  return [...byId.values()].map((a) => {
    if (!a.cve_id) return a;
    const fixes = intel.fixes.get(`${a.cve_id}|${a.product}`);
    return {
      ...a,
      kev: intel.kev.get(a.cve_id) ?? a.kev,
      epss: intel.epss.get(a.cve_id) ?? a.epss,
      ...(fixes ? { distributions: withFixes(a.distributions, fixes) } : {}),
    };
  });
}

let cached: { stamp: string; advisories: Promise<TAdvisory[]> } | undefined;

/**
 * The advisories a scan worker matches against, cached per process and rebuilt when a newer
 * import stored data; undefined while nothing was ever imported (the engine's bundled set).
 */
export async function scanAdvisories(db: Executor, log?: Logger): Promise<TAdvisory[] | undefined> {
  const stamp = await dataStamp(db);
  if (!stamp) return undefined;
  if (cached?.stamp !== stamp) {
    const advisories = buildAdvisories(db, log);
    cached = { stamp, advisories };
    advisories.catch(() => {
      if (cached?.advisories === advisories) cached = undefined;
    });
  }
  return cached.advisories;
}
