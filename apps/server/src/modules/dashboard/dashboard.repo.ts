import { REPORTS_WINDOW_DAYS } from '@netguard/contracts';
import { and, eq, gte, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { reports, scans, vulnerabilities } from '../../db/schema.ts';
import { mitigatedSql } from '../vulnerabilities/vulnerabilities.repo.ts';

const countWhere = (condition: ReturnType<typeof sql>) =>
  sql<number>`count(*) filter (where ${condition})`.mapWith(Number);

export async function countScansByStatus(db: Executor, organizationId: string) {
  const [row] = await db
    .select({
      total: sql<number>`count(*)`.mapWith(Number),
      running: countWhere(sql`${scans.status} = 'running'`),
      completed: countWhere(sql`${scans.status} = 'completed'`),
      failed: countWhere(sql`${scans.status} = 'failed'`),
    })
    .from(scans)
    .where(eq(scans.organizationId, organizationId));
  return row ?? { total: 0, running: 0, completed: 0, failed: 0 };
}

export async function countVulnerabilities(db: Executor, organizationId: string) {
  const severity = (value: string) => countWhere(sql`${vulnerabilities.severity} = ${value}`);
  const [row] = await db
    .select({
      total: sql<number>`count(*)`.mapWith(Number),
      critical: severity('critical'),
      high: severity('high'),
      medium: severity('medium'),
      low: severity('low'),
      info: severity('info'),
      mitigated: countWhere(mitigatedSql),
    })
    .from(vulnerabilities)
    .where(eq(vulnerabilities.organizationId, organizationId));
  return row ?? { total: 0, critical: 0, high: 0, medium: 0, low: 0, info: 0, mitigated: 0 };
}

export async function countRecentReports(db: Executor, organizationId: string) {
  const since = sql`now() - make_interval(days => ${REPORTS_WINDOW_DAYS})`;
  const [row] = await db
    .select({ total: sql<number>`count(*)`.mapWith(Number) })
    .from(reports)
    .where(and(eq(reports.organizationId, organizationId), gte(reports.createdAt, since)));
  return row?.total ?? 0;
}
