import {
  applyFeeds,
  bundledAdvisories,
  mergeAdvisories,
  type TAdvisory,
  type TDistroFix,
  ZAdvisory,
} from '@netguard/engine';
import { desc } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { advisories, distroFixes, epssScores, kevEntries } from '../../db/schema.ts';
import type { Logger } from '../../lib/logger.ts';
import { dataStamp } from './feeds.repo.ts';

type Feeds = Parameters<typeof applyFeeds>[1];

/** The imported KEV entries, latest EPSS score per CVE and distribution fixes, as the engine applies them. */
async function readFeeds(db: Executor): Promise<Feeds> {
  const kev: Feeds['kev'] = {};
  for (const row of await db.select().from(kevEntries))
    kev[row.cveId] = {
      ...(row.dateAdded ? { date_added: row.dateAdded } : {}),
      ...(row.dueDate ? { due_date: row.dueDate } : {}),
      ...(row.requiredAction ? { required_action: row.requiredAction.slice(0, 1000) } : {}),
      ...(row.ransomware === null ? {} : { ransomware: row.ransomware }),
    };
  const epss: Feeds['epss'] = {};
  const latest = await db
    .selectDistinctOn([epssScores.cveId])
    .from(epssScores)
    .orderBy(epssScores.cveId, desc(epssScores.scoreDate));
  for (const row of latest)
    epss[row.cveId] = {
      score: row.score,
      percentile: row.percentile,
      date: row.scoreDate,
      ...(row.modelVersion ? { model_version: row.modelVersion } : {}),
    };
  const distributions: Feeds['distributions'] = {};
  for (const row of await db.select().from(distroFixes)) {
    const fix = {
      product: row.product,
      distro: row.distro as TDistroFix['distro'],
      release: row.release,
      package: row.package,
      ...(row.fixed ? { fixed: row.fixed } : {}),
      ...(row.notAffected ? { not_affected: true } : {}),
    };
    distributions[row.cveId] = [...(distributions[row.cveId] ?? []), fix];
  }
  return { kev, epss, distributions };
}

/**
 * Bundled and imported advisories with the imported KEV entries, latest EPSS scores and
 * distribution fixes applied by CVE (and product, for fixes), the way the engine's
 * loadAdvisories applies an advisories file. Invalid rows are left out.
 */
export async function buildAdvisories(db: Executor, log?: Logger): Promise<TAdvisory[]> {
  const imported: TAdvisory[] = [];
  let invalid = 0;
  for (const row of await db.select({ data: advisories.data }).from(advisories)) {
    const parsed = ZAdvisory.safeParse(row.data);
    if (parsed.success) imported.push(parsed.data);
    else invalid++;
  }
  if (invalid) log?.warn({ component: 'feeds', invalid }, 'imported advisories left out');
  return applyFeeds(mergeAdvisories(bundledAdvisories(), imported), await readFeeds(db));
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
