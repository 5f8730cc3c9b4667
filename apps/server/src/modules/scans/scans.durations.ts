import { SCAN_TYPE_VALUES, type TScanDurations } from '@netguard/contracts';
import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';

type Row = {
  scan_type: string;
  completed: number;
  median: number;
  fastest: number;
  slowest: number;
};

/**
 * The organization's completed scans per type: how many, and the median, fastest and slowest
 * time from start to completion. Imported reports are recorded as starting and completing at
 * the same instant: they measured nothing here and are left out.
 */
export async function scanDurations(db: Executor, organizationId: string): Promise<TScanDurations> {
  const result = await db.execute(sql`
    with measured as (
      select scan_type, extract(epoch from completed_at - started_at)::float8 as seconds
        from scans
       where organization_id = ${organizationId} and status = 'completed'
         and started_at is not null and completed_at > started_at
    )
    select scan_type::text, count(*)::int as completed,
           percentile_cont(0.5) within group (order by seconds) as median,
           min(seconds) as fastest, max(seconds) as slowest
      from measured group by scan_type`);
  const rows = new Map((result.rows as Row[]).map((row) => [row.scan_type, row]));
  const round = (value: number | undefined) => (value === undefined ? null : Math.round(value));
  return {
    durations: SCAN_TYPE_VALUES.map((type) => {
      const row = rows.get(type);
      return {
        scan_type: type,
        completed: row?.completed ?? 0,
        median_seconds: round(row?.median),
        fastest_seconds: round(row?.fastest),
        slowest_seconds: round(row?.slowest),
      };
    }),
  };
}
