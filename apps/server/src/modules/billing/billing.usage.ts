import type { TBillingUsage } from '@netguard/contracts';
import { and, count, eq, gte } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { reports } from '../../db/schema.ts';
import { countVulnerabilities } from '../dashboard/dashboard.repo.ts';
import { countScansThisMonth } from '../subscription/plan-limits.ts';

/**
 * Usage of the caller's organization for the Billing page. Scans are counted exactly as the
 * Free plan's monthly limit counts them (the scan service's own query).
 */
export async function readUsage(db: Executor, organizationId: string): Promise<TBillingUsage> {
  const now = new Date();
  const periodStart = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
  const [scansThisMonth, vulnerabilities, [reportsThisMonth]] = await Promise.all([
    countScansThisMonth(db, organizationId),
    countVulnerabilities(db, organizationId),
    db
      .select({ n: count() })
      .from(reports)
      .where(and(eq(reports.organizationId, organizationId), gte(reports.createdAt, periodStart))),
  ]);
  return {
    period_start: periodStart.toISOString(),
    scans_this_month: scansThisMonth,
    vulnerabilities: vulnerabilities.total,
    reports_this_month: reportsThisMonth?.n ?? 0,
  };
}
