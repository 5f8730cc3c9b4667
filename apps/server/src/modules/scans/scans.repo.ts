import type { TScanFilters, TScanType } from '@netguard/contracts';
import { and, count, desc, eq, gte, lt, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { scanChunks, scans } from '../../db/schema.ts';
import { ilikeContains } from '../../lib/sql-text.ts';
import type { ScanCounts } from '../siem/siem.events.ts';

export type ScanRow = typeof scans.$inferSelect;

type NewScan = {
  userId: string;
  organizationId: string;
  scanName: string;
  scanType: TScanType;
  targetHosts: string[];
  ports?: string | null;
};

export async function insertScan(db: Executor, values: NewScan): Promise<ScanRow> {
  const [row] = await db
    .insert(scans)
    .values({ ...values, status: 'pending' })
    .returning();
  if (!row) throw new Error('scan insert returned nothing');
  return row;
}

/** The organization's scans matching the filters (name or any target contains `q`). */
function matching(organizationId: string, f: TScanFilters): SQL | undefined {
  const search = f.q
    ? sql`(${scans.scanName} ilike ${ilikeContains(f.q)} or exists (select 1 from unnest(${scans.targetHosts}) as target where target ilike ${ilikeContains(f.q)}))`
    : undefined;
  return and(
    eq(scans.organizationId, organizationId),
    f.status ? eq(scans.status, f.status) : undefined,
    f.scan_type ? eq(scans.scanType, f.scan_type) : undefined,
    f.from ? gte(scans.createdAt, f.from) : undefined,
    f.to ? lt(scans.createdAt, f.to) : undefined,
    search,
  );
}

/** The organization's scans matching the filters, newest first. */
export async function listScans(
  db: Executor,
  organizationId: string,
  limit: number,
  offset: number,
  filters: TScanFilters = {},
) {
  return db
    .select()
    .from(scans)
    .where(matching(organizationId, filters))
    .orderBy(desc(scans.createdAt), desc(scans.id))
    .limit(limit)
    .offset(offset);
}

export async function countScans(
  db: Executor,
  organizationId: string,
  filters: TScanFilters = {},
): Promise<number> {
  const [row] = await db
    .select({ total: count() })
    .from(scans)
    .where(matching(organizationId, filters));
  return row?.total ?? 0;
}

export async function findScan(db: Executor, organizationId: string, id: string) {
  const [row] = await db
    .select()
    .from(scans)
    .where(and(eq(scans.id, id), eq(scans.organizationId, organizationId)));
  return row;
}

/** The scan, row-locked for the rest of the transaction. */
export async function lockScan(db: Executor, organizationId: string, id: string) {
  const [row] = await db
    .select()
    .from(scans)
    .where(and(eq(scans.id, id), eq(scans.organizationId, organizationId)))
    .for('update');
  return row;
}

/** What a scan found: hosts up, open ports, and the findings it saw by severity (for the SIEM). */
export async function scanCounts(db: Executor, scanId: string): Promise<ScanCounts> {
  const result = await db.execute(sql`
    select
      (select count(*) from scan_hosts h where h.scan_id = ${scanId} and h.status = 'up')::int as hosts,
      (select count(*) from scan_services s where s.scan_id = ${scanId} and s.state = 'open')::int as open_ports,
      f.*
    from (
      select count(*)::int as total,
             count(*) filter (where v.severity = 'critical')::int as critical,
             count(*) filter (where v.severity = 'high')::int as high,
             count(*) filter (where v.severity = 'medium')::int as medium,
             count(*) filter (where v.severity = 'low')::int as low,
             count(*) filter (where v.severity = 'info')::int as info
        from vulnerability_sightings vs join vulnerabilities v on v.id = vs.vulnerability_id
       where vs.scan_id = ${scanId}
    ) f`);
  const row = result.rows[0] as Record<string, number> | undefined;
  const n = (key: string) => Number(row?.[key] ?? 0);
  return {
    hosts: n('hosts'),
    openPorts: n('open_ports'),
    findings: {
      total: n('total'),
      critical: n('critical'),
      high: n('high'),
      medium: n('medium'),
      low: n('low'),
      info: n('info'),
    },
  };
}

/**
 * The organization's latest completed scans of a type that the engine ran (imported reports have
 * no chunks): how long each ran and how many host-port probes its chunks held.
 */
export async function measuredScans(
  db: Executor,
  organizationId: string,
  scanType: TScanType,
  limit: number,
): Promise<{ seconds: number; probes: number }[]> {
  const rows = await db.execute<{ seconds: number; probes: number }>(sql`
    select extract(epoch from s.completed_at - s.started_at)::float8 as seconds,
           sum(c.weight)::float8 as probes
    from ${scans} s join ${scanChunks} c on c.scan_id = s.id
    where s.organization_id = ${organizationId} and s.scan_type = ${scanType}
      and s.status = 'completed' and s.started_at is not null and s.completed_at is not null
    group by s.id
    order by s.completed_at desc
    limit ${limit}`);
  return rows.rows.filter((r) => r.probes > 0 && r.seconds >= 0);
}
