import { z } from 'zod';
import { pushError, recordError } from './record-error.ts';
import type { TEpss, TKev } from './schema.ts';

const CVE = /^CVE-\d{4}-\d{4,}$/;
const DATE = /^\d{4}-\d{2}-\d{2}/;

const ZKevEntry = z.object({
  cveID: z.string().trim().regex(CVE),
  dateAdded: z.string().regex(DATE).optional(),
  dueDate: z.string().regex(DATE).optional(),
  requiredAction: z.string().optional(),
  knownRansomwareCampaignUse: z.string().optional(),
});

export type KevFeed = {
  kev: Record<string, TKev>;
  /** Entries in the catalog, valid or not. */
  entries: number;
  invalid: number;
  errors: string[];
  catalogVersion: string | null;
  dateReleased: string | null;
};

export type EpssFeed = {
  epss: Record<string, TEpss>;
  /** Data rows, valid or not. */
  rows: number;
  invalid: number;
  errors: string[];
  /** From the `#model_version:...` comment; null when the file has none. */
  modelVersion: string | null;
  /** From the comment's `score_date:...`, as written; null when absent. */
  scoreDate: string | null;
};

/**
 * Reads CISA's Known Exploited Vulnerabilities catalog (`vulnerabilities[]` with cveID,
 * dateAdded, ...) into KEV data by CVE; malformed entries are counted and skipped.
 */
export function parseKev(feed: unknown): KevFeed {
  const parsed = z
    .object({
      catalogVersion: z.string().max(40).optional().catch(undefined),
      dateReleased: z.string().max(40).optional().catch(undefined),
      vulnerabilities: z.array(z.unknown()),
    })
    .safeParse(feed);
  if (!parsed.success) throw new Error('not a CISA KEV catalog: no "vulnerabilities" list');
  const kev: Record<string, TKev> = {};
  const errors: string[] = [];
  let invalid = 0;
  for (const [index, item] of parsed.data.vulnerabilities.entries()) {
    const entry = ZKevEntry.safeParse(item);
    if (!entry.success) {
      invalid++;
      pushError(errors, recordError(index, item, 'cveID', entry.error));
      continue;
    }
    const e = entry.data;
    kev[e.cveID] = {
      date_added: e.dateAdded?.slice(0, 10),
      due_date: e.dueDate?.slice(0, 10),
      required_action: e.requiredAction?.slice(0, 1000),
      ransomware: e.knownRansomwareCampaignUse
        ? e.knownRansomwareCampaignUse.toLowerCase() === 'known'
        : undefined,
    };
  }
  if (invalid && invalid === parsed.data.vulnerabilities.length)
    throw new Error('not a CISA KEV catalog: no entry has a valid "cveID"');
  return {
    kev,
    entries: parsed.data.vulnerabilities.length,
    invalid,
    errors,
    catalogVersion: parsed.data.catalogVersion ?? null,
    dateReleased: parsed.data.dateReleased ?? null,
  };
}

/**
 * Reads a FIRST EPSS CSV: optional `#model_version:...,score_date:...` comment, a
 * `cve,epss,percentile` header, then one row per CVE. Bad rows are counted and skipped. Every
 * score carries the comment's model version and date; without the comment they stay absent.
 */
export function parseEpss(text: string): EpssFeed {
  const epss: Record<string, TEpss> = {};
  const errors: string[] = [];
  let rows = 0;
  let invalid = 0;
  let modelVersion: string | undefined;
  let scoreDate: string | undefined;
  let stamp: Pick<TEpss, 'date' | 'model_version'> = {};
  let columns: { cve: number; score: number; percentile: number } | undefined;
  for (const [index, raw] of text.split('\n').entries()) {
    const line = raw.trim();
    if (!line) continue;
    if (line.startsWith('#')) {
      modelVersion ??= /model_version:([^,\s]{1,40})/.exec(line)?.[1];
      scoreDate ??= /score_date:([^,\s]{1,40})/.exec(line)?.[1];
      const date = scoreDate && DATE.test(scoreDate) ? scoreDate.slice(0, 10) : undefined;
      stamp = {
        ...(date && { date }),
        ...(modelVersion && { model_version: modelVersion }),
      };
      continue;
    }
    const cells = line.split(',').map((c) => c.trim());
    if (!columns) {
      const names = cells.map((c) => c.toLowerCase());
      columns = {
        cve: names.indexOf('cve'),
        score: names.indexOf('epss'),
        percentile: names.indexOf('percentile'),
      };
      if (Object.values(columns).some((i) => i < 0))
        throw new Error('not an EPSS CSV: expected a "cve,epss,percentile" header');
      continue;
    }
    rows++;
    const cve = cells[columns.cve] ?? '';
    const score = probability(cells[columns.score]);
    const percentile = probability(cells[columns.percentile]);
    if (!CVE.test(cve) || score === undefined || percentile === undefined) {
      invalid++;
      pushError(errors, `line ${index + 1}: expected a CVE id and two numbers from 0 to 1`);
      continue;
    }
    epss[cve] = { score, percentile, ...stamp };
  }
  if (!columns) throw new Error('not an EPSS CSV: no "cve,epss,percentile" header');
  return {
    epss,
    rows,
    invalid,
    errors,
    modelVersion: modelVersion ?? null,
    scoreDate: scoreDate ?? null,
  };
}

function probability(cell: string | undefined): number | undefined {
  if (!cell) return undefined;
  const n = Number(cell);
  return Number.isFinite(n) && n >= 0 && n <= 1 ? n : undefined;
}
