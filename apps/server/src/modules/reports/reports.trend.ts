import { REPORT_RULES as R } from '@netguard/contracts';
import type { ReportSource } from './reports.source.ts';

const DAY_MS = 24 * 60 * 60 * 1000;
const dayOf = (date: Date) => date.toISOString().slice(0, 10);

/**
 * One row per UTC day of the trend period, oldest first: scans completed, issues first seen and
 * resolved that day, and issues open at the end of it.
 */
export function trendDays(source: ReportSource, now: Date) {
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  return Array.from({ length: R.trendPeriodDays }, (_, i) => {
    const start = today - (R.trendPeriodDays - 1 - i) * DAY_MS;
    const end = start + DAY_MS;
    const within = (date: Date | null) =>
      date !== null && date.getTime() >= start && date.getTime() < end;
    const vulns = source.vulnerabilities;
    return {
      date: dayOf(new Date(start)),
      scans: source.scans.filter((s) => within(s.completedAt)).length,
      new_issues: vulns.filter((v) => within(v.firstSeenAt)).length,
      resolved_issues: vulns.filter((v) => within(v.resolvedAt)).length,
      open_issues: vulns.filter(
        (v) =>
          v.firstSeenAt.getTime() < end && (v.resolvedAt === null || v.resolvedAt.getTime() >= end),
      ).length,
    };
  });
}
