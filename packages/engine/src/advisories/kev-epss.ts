import { z } from 'zod';
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

/**
 * Reads CISA's Known Exploited Vulnerabilities catalog (`vulnerabilities[]` with cveID,
 * dateAdded, ...) into KEV data by CVE; malformed entries are counted and skipped.
 */
export function parseKev(feed: unknown): { kev: Record<string, TKev>; invalid: number } {
  const parsed = z.object({ vulnerabilities: z.array(z.unknown()) }).safeParse(feed);
  if (!parsed.success) throw new Error('not a CISA KEV catalog: no "vulnerabilities" list');
  const kev: Record<string, TKev> = {};
  let invalid = 0;
  for (const item of parsed.data.vulnerabilities) {
    const entry = ZKevEntry.safeParse(item);
    if (!entry.success) {
      invalid++;
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
  return { kev, invalid };
}

/**
 * Reads a FIRST EPSS CSV: optional `#model_version:...,score_date:...` comment, a
 * `cve,epss,percentile` header, then one row per CVE. Bad rows are counted and skipped.
 */
export function parseEpss(text: string): { epss: Record<string, TEpss>; invalid: number } {
  const epss: Record<string, TEpss> = {};
  let invalid = 0;
  let date: string | undefined;
  let columns: { cve: number; score: number; percentile: number } | undefined;
  for (const raw of text.split('\n')) {
    const line = raw.trim();
    if (!line) continue;
    if (line.startsWith('#')) {
      date ??= /score_date:(\d{4}-\d{2}-\d{2})/.exec(line)?.[1];
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
    const cve = cells[columns.cve] ?? '';
    const score = probability(cells[columns.score]);
    const percentile = probability(cells[columns.percentile]);
    if (!CVE.test(cve) || score === undefined || percentile === undefined) {
      invalid++;
      continue;
    }
    epss[cve] = date ? { score, percentile, date } : { score, percentile };
  }
  if (!columns) throw new Error('not an EPSS CSV: no "cve,epss,percentile" header');
  return { epss, invalid };
}

function probability(cell: string | undefined): number | undefined {
  if (!cell) return undefined;
  const n = Number(cell);
  return Number.isFinite(n) && n >= 0 && n <= 1 ? n : undefined;
}
