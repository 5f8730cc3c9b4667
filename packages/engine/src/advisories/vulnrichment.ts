import { z } from 'zod';
import { pushError, recordError } from './record-error.ts';
import type { FeedRecord } from './records.ts';
import { type TKev, type TSsvcEntry, ZSsvc } from './schema.ts';

const CVE = /^CVE-\d{4}-\d{4,}$/;
const ADP_TITLE = 'CISA ADP Vulnrichment';

const ZMetric = z.object({
  other: z.object({ type: z.string().max(40), content: z.unknown() }).optional(),
});
const ZRecord = z.object({
  cveMetadata: z.object({ cveId: z.string().regex(CVE) }),
  containers: z.object({
    adp: z
      .array(
        z.object({
          title: z.string().max(200).optional(),
          metrics: z.array(ZMetric).default([]),
        }),
      )
      .default([]),
  }),
});
const ZSsvcContent = z.object({
  timestamp: z.string().max(40).optional(),
  options: z.array(z.record(z.string(), z.string())).default([]),
});
const ZKevContent = z.object({
  dateAdded: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}/)
    .optional(),
});

export type VulnrichmentStats = {
  records: number;
  /** records with an SSVC entry or a KEV entry from CISA's ADP container */
  imported: number;
  invalid: number;
  /** records without CISA ADP SSVC or KEV data */
  noSsvc: number;
};

export type VulnrichmentFeed = {
  ssvc: Record<string, TSsvcEntry>;
  kev: Record<string, TKev>;
  stats: VulnrichmentStats;
  errors: string[];
  /** The newest SSVC timestamp read. */
  latest: string | null;
};

/** One decision point's value, lower-cased ("PoC" -> "poc"); null when absent or unknown. */
function option<T extends string>(
  options: Record<string, string>[],
  name: string,
  allowed: readonly T[],
): T | null {
  const value = options
    .find((o) => name in o)
    ?.[name]?.trim()
    .toLowerCase();
  return allowed.includes(value as T) ? (value as T) : null;
}

function ssvcOf(content: unknown): TSsvcEntry {
  const { timestamp, options } = ZSsvcContent.parse(content);
  return ZSsvc.parse({
    exploitation: option(options, 'Exploitation', ['none', 'poc', 'active']),
    automatable: option(options, 'Automatable', ['yes', 'no']),
    technical_impact: option(options, 'Technical Impact', ['partial', 'total']),
    timestamp: timestamp ?? null,
  });
}

/**
 * SSVC decision points (Exploitation, Automatable, Technical Impact) and KEV dates from the
 * "CISA ADP Vulnrichment" container of CVE JSON 5 records, by CVE.
 */
export function parseVulnrichment(input: Iterable<FeedRecord>): VulnrichmentFeed {
  const stats: VulnrichmentStats = { records: 0, imported: 0, invalid: 0, noSsvc: 0 };
  const errors: string[] = [];
  const ssvc: Record<string, TSsvcEntry> = {};
  const kev: Record<string, TKev> = {};
  let latest: string | null = null;
  for (const entry of input) {
    const index = stats.records++;
    if ('error' in entry) {
      stats.invalid++;
      pushError(errors, entry.error);
      continue;
    }
    const item = entry.value;
    const cveName = (item as { cveMetadata?: unknown } | null)?.cveMetadata;
    try {
      const record = ZRecord.parse(item);
      const cve = record.cveMetadata.cveId;
      const metrics = record.containers.adp
        .filter((c) => c.title === ADP_TITLE)
        .flatMap((c) => c.metrics.flatMap((m) => m.other ?? []));
      const ssvcMetric = metrics.find((m) => m.type === 'ssvc');
      const kevMetric = metrics.find((m) => m.type === 'kev');
      if (!ssvcMetric && !kevMetric) {
        stats.noSsvc++;
        continue;
      }
      if (ssvcMetric) {
        const decision = ssvcOf(ssvcMetric.content);
        ssvc[cve] = decision;
        if (decision.timestamp && (!latest || decision.timestamp > latest))
          latest = decision.timestamp;
      }
      const added = kevMetric && ZKevContent.parse(kevMetric.content).dateAdded;
      if (kevMetric) kev[cve] = added ? { date_added: added.slice(0, 10) } : {};
      stats.imported++;
    } catch (error) {
      stats.invalid++;
      pushError(errors, recordError(index, cveName, 'cveId', error as z.ZodError));
    }
  }
  if (stats.records && stats.invalid === stats.records)
    throw new Error('not CVE JSON 5 records: no record has a valid "cveMetadata.cveId"');
  return { ssvc, kev, stats, errors, latest };
}
