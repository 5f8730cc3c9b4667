import { gunzipSync } from 'node:zlib';
import { parseEpss, parseKev } from './kev-epss.ts';
import { convertNvd } from './nvd.ts';
import { type OsvFeed, parseOsv } from './osv.ts';
import { recordsOf } from './records.ts';
import type { TAdvisory, TCveDistroFix, TEpss, TKev, TSsvcEntry } from './schema.ts';
import { parseVulnrichment, type VulnrichmentFeed } from './vulnrichment.ts';

export type FeedKind = 'nvd' | 'kev' | 'epss' | 'vulnrichment' | 'osv';

/** What one feed file holds, in the engine's shapes, with its own version and date. */
export type ParsedFeed = {
  kind: FeedKind;
  /** KEV catalogVersion, EPSS model_version, NVD version; null when the feed does not say. */
  feedVersion: string | null;
  /** KEV dateReleased, EPSS score_date, NVD timestamp; null when the feed does not say. */
  catalogDate: string | null;
  advisories: TAdvisory[];
  kev: Record<string, TKev>;
  epss: Record<string, TEpss>;
  ssvc: Record<string, TSsvcEntry>;
  distributions: TCveDistroFix[];
  counts: { records: number; imported: number; skipped: number };
  /** One line per skipped bad record (at most 100). */
  errors: string[];
};

/** What a feed without records brings; the server merges several files' feeds into one. */
export const emptyFeedData = (): Omit<ParsedFeed, 'kind'> => ({
  feedVersion: null,
  catalogDate: null,
  advisories: [],
  kev: {},
  epss: {},
  ssvc: {},
  distributions: [],
  counts: { records: 0, imported: 0, skipped: 0 },
  errors: [],
});

const empty = (kind: FeedKind): ParsedFeed => ({ kind, ...emptyFeedData() });

const counts = (records: number, skipped: number) => ({
  records,
  imported: records - skipped,
  skipped,
});

function unpack(bytes: Buffer, name: string): Buffer {
  if (bytes[0] !== 0x1f || bytes[1] !== 0x8b) return bytes;
  try {
    return gunzipSync(bytes);
  } catch (error) {
    throw new Error(`${name}: cannot unpack gzip data (${(error as Error).message})`);
  }
}

function json(bytes: Buffer, name: string): unknown {
  try {
    return JSON.parse(bytes.toString('utf8'));
  } catch (error) {
    throw new Error(`${name} is not valid JSON: ${(error as Error).message}`);
  }
}

function parse(kind: FeedKind, bytes: Buffer, name: string): ParsedFeed {
  switch (kind) {
    case 'nvd': {
      const feed = convertNvd(json(bytes, name));
      return {
        ...empty(kind),
        feedVersion: feed.version,
        catalogDate: feed.timestamp,
        advisories: feed.advisories,
        counts: counts(feed.stats.cves, feed.stats.cves - feed.converted),
        errors: feed.errors,
      };
    }
    case 'kev': {
      const feed = parseKev(json(bytes, name));
      return {
        ...empty(kind),
        feedVersion: feed.catalogVersion,
        catalogDate: feed.dateReleased,
        kev: feed.kev,
        counts: counts(feed.entries, feed.invalid),
        errors: feed.errors,
      };
    }
    case 'epss': {
      const feed = parseEpss(bytes.toString('utf8'));
      return {
        ...empty(kind),
        feedVersion: feed.modelVersion,
        catalogDate: feed.scoreDate,
        epss: feed.epss,
        counts: counts(feed.rows, feed.invalid),
        errors: feed.errors,
      };
    }
    case 'osv':
      return fromOsv(parseOsv(recordsOf(bytes, name)));
    case 'vulnrichment':
      return fromVulnrichment(parseVulnrichment(recordsOf(bytes, name)));
  }
}

function fromOsv(feed: OsvFeed): ParsedFeed {
  return {
    ...empty('osv'),
    catalogDate: feed.modified,
    distributions: feed.distributions,
    counts: counts(feed.stats.records, feed.stats.records - feed.stats.imported),
    errors: feed.errors,
  };
}

function fromVulnrichment(feed: VulnrichmentFeed): ParsedFeed {
  return {
    ...empty('vulnrichment'),
    catalogDate: feed.latest,
    ssvc: feed.ssvc,
    kev: feed.kev,
    counts: counts(feed.stats.records, feed.stats.records - feed.stats.imported),
    errors: feed.errors,
  };
}

/**
 * Parses one feed file of the given kind (gzip unpacked; OSV and Vulnrichment as one record, an
 * array or a zip of records). Bad records are counted as skipped with an error line; it throws
 * only when the file as a whole cannot be read, naming the file.
 * @example parseFeed('kev', readFileSync('known_exploited_vulnerabilities.json'))
 */
export function parseFeed(
  kind: FeedKind,
  bytes: Buffer,
  name: string = `${kind} feed`,
): ParsedFeed {
  const data = unpack(bytes, name);
  try {
    return parse(kind, data, name);
  } catch (error) {
    const message = (error as Error).message;
    throw new Error(message.includes(name) ? message : `${name}: ${message}`);
  }
}
