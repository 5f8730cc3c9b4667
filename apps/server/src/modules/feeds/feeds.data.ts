import { emptyFeedData, type ParsedFeed } from '@netguard/engine';

/** What one feed brought, as the engine's parseFeed returns it (several files merged). */
export type FeedData = Omit<ParsedFeed, 'kind'>;

/** The feeds of several files (NVD pages, OSV ecosystems, Vulnrichment records) as one. */
export function mergeFeedData(parts: readonly FeedData[]): FeedData {
  const merged: FeedData = emptyFeedData();
  for (const part of parts) {
    merged.feedVersion ??= part.feedVersion;
    if (part.catalogDate && (!merged.catalogDate || part.catalogDate > merged.catalogDate))
      merged.catalogDate = part.catalogDate;
    for (const advisory of part.advisories) merged.advisories.push(advisory);
    Object.assign(merged.kev, part.kev);
    Object.assign(merged.epss, part.epss);
    Object.assign(merged.ssvc, part.ssvc);
    for (const fix of part.distributions) merged.distributions.push(fix);
    merged.counts.records += part.counts.records;
    merged.counts.imported += part.counts.imported;
    merged.counts.skipped += part.counts.skipped;
    merged.errors.push(...part.errors);
  }
  return merged;
}
