import { and, count, eq, gte, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { reports, scanServices, scans, vulnerabilities } from '../../db/schema.ts';
import { mitigatedSql } from '../vulnerabilities/vulnerabilities.repo.ts';
import type { CoverageStats, ScanStats, VulnStats } from './analytics.metrics.ts';

const int = (expression: SQL) => sql<number>`${expression}`.mapWith(Number);
const countWhere = (condition: SQL) => int(sql`count(*) filter (where ${condition})`);

export async function scanStats(db: Executor, org: string, since: SQL): Promise<ScanStats> {
  const completed = sql`${scans.status} = 'completed'`;
  const [row] = await db
    .select({
      total: int(sql`count(*)`),
      completed: countWhere(completed),
      failed: countWhere(sql`${scans.status} = 'failed'`),
      avgDurationMinutes: sql<
        number | null
      >`avg(extract(epoch from ${scans.completedAt} - ${scans.startedAt}) / 60) filter (where ${completed} and ${scans.startedAt} is not null and ${scans.completedAt} is not null)`.mapWith(
        (v) => (v === null ? null : Number(v)),
      ),
    })
    .from(scans)
    .where(and(eq(scans.organizationId, org), gte(scans.createdAt, since)));
  return row ?? { total: 0, completed: 0, failed: 0, avgDurationMinutes: null };
}

export async function reportCount(db: Executor, org: string, since: SQL): Promise<number> {
  const [row] = await db
    .select({ total: count() })
    .from(reports)
    .where(and(eq(reports.organizationId, org), gte(reports.createdAt, since)));
  return row?.total ?? 0;
}

export async function vulnStats(db: Executor, org: string, since: SQL): Promise<VulnStats> {
  // Open: not fixed by a later scan and not mitigated.
  const open = sql`${vulnerabilities.state} = 'open' and not ${mitigatedSql}`;
  const openWith = (condition: SQL) => countWhere(sql`${open} and ${condition}`);
  const severity = (value: string) => openWith(sql`${vulnerabilities.severity} = ${value}`);
  const [row] = await db
    .select({
      total: int(sql`count(*)`),
      mitigated: countWhere(mitigatedSql),
      critical: severity('critical'),
      high: severity('high'),
      medium: severity('medium'),
      low: severity('low'),
      info: severity('info'),
      openOutdated: openWith(sql`${vulnerabilities.vulnerabilityType} = 'outdated_software'`),
    })
    .from(vulnerabilities)
    .where(and(eq(vulnerabilities.organizationId, org), gte(vulnerabilities.createdAt, since)));
  const r = row ?? { total: 0, mitigated: 0, critical: 0, high: 0, medium: 0, low: 0, info: 0 };
  return {
    total: r.total,
    mitigated: r.mitigated,
    open: { critical: r.critical, high: r.high, medium: r.medium, low: r.low, info: r.info },
    openOutdated: row?.openOutdated ?? 0,
  };
}

/** Distinct target entries, and how many of them had their latest finished scan complete. */
export async function coverageStats(db: Executor, org: string, since: SQL): Promise<CoverageStats> {
  const result = await db.execute<{ targets: string; covered: string }>(sql`
    with entries as (
      select t.target, s.status, s.created_at
      from ${scans} s cross join lateral unnest(s.target_hosts) as t(target)
      where s.organization_id = ${org} and s.created_at >= ${since}
    ), latest as (
      select distinct on (target) target, status
      from entries
      where status in ('completed', 'failed', 'cancelled')
      order by target, created_at desc
    )
    select (select count(distinct target) from entries) as targets,
           (select count(*) from latest where status = 'completed') as covered`);
  const row = result.rows[0];
  return { targets: Number(row?.targets ?? 0), covered: Number(row?.covered ?? 0) };
}

/** Distinct open (host, port, protocol) services found by the organization's scans. */
export async function openServiceCount(db: Executor, org: string, since: SQL): Promise<number> {
  const [row] = await db
    .select({
      total: int(
        sql`count(distinct (${scanServices.host}, ${scanServices.port}, ${scanServices.protocol}))`,
      ),
    })
    .from(scanServices)
    .innerJoin(scans, eq(scans.id, scanServices.scanId))
    .where(
      and(
        eq(scans.organizationId, org),
        gte(scans.createdAt, since),
        eq(scanServices.state, 'open'),
      ),
    );
  return row?.total ?? 0;
}
