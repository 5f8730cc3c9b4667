// generate-siem-queries {siemType, useCase} (spec part 2 §7): dashboard and alert queries in
// each SIEM's own language, over the fields NetGuard's formatter for that SIEM writes.
import {
  SIEM_QUERY_USE_CASES,
  type TSiemQuery,
  type TSiemQueryUseCase,
  type TSiemType,
} from '@netguard/contracts';
import { arcsightQueries } from './arcsight.ts';
import { chronicleQueries } from './chronicle.ts';
import { type QueryGenerator, type SiemQueryOptions, USE_CASE_TITLES } from './common.ts';
import { elasticQueries } from './elastic.ts';
import { qradarQueries } from './qradar.ts';
import { sentinelQueries } from './sentinel.ts';
import { splunkQueries } from './splunk.ts';
import { sumoQueries } from './sumo.ts';

export type { BuiltQuery, QueryGenerator, SiemQueryOptions } from './common.ts';

export const SIEM_QUERY_GENERATORS: Record<TSiemType, QueryGenerator> = {
  splunk: splunkQueries,
  elastic: elasticQueries,
  qradar: qradarQueries,
  sentinel: sentinelQueries,
  sumo_logic: sumoQueries,
  chronicle: chronicleQueries,
  arcsight: arcsightQueries,
};

/** The queries of one SIEM type: one use case, or all three in SIEM_QUERY_USE_CASES order. */
export function generateSiemQueries(
  siemType: TSiemType,
  useCase?: TSiemQueryUseCase,
  options: SiemQueryOptions = {},
): TSiemQuery[] {
  const generator = SIEM_QUERY_GENERATORS[siemType];
  if (!generator) throw new Error(`unknown SIEM type ${JSON.stringify(siemType)}`);
  return (useCase ? [useCase] : SIEM_QUERY_USE_CASES).map((uc) => {
    const built = generator.queries[uc](options);
    return {
      siemType,
      useCase: uc,
      language: generator.language,
      title: built.note ? `${USE_CASE_TITLES[uc]} (${built.note})` : USE_CASE_TITLES[uc],
      kind: built.kind,
      query: built.query,
    };
  });
}
