import { REPORT_RULES as R } from '@netguard/contracts';
import type { ReportSource } from './reports.source.ts';

const DAY_MS = 24 * 60 * 60 * 1000;
const dayOf = (date: Date) => date.toISOString().slice(0, 10);

/** Issues first seen before `at` and not resolved by then. */
function openAt(source: ReportSource, at: number): number {
  return source.vulnerabilities.filter(
    (v) => v.firstSeenAt.getTime() < at && (v.resolvedAt === null || v.resolvedAt.getTime() >= at),
  ).length;
}

/** The first instant of the trend period that ends with the UTC day of `now`. */
export function trendStart(now: Date): number {
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  return today - (R.trendPeriodDays - 1) * DAY_MS;
}

/** Issues open when the trend period began: the previous period's end. */
export const openAtStart = (source: ReportSource, now: Date) => openAt(source, trendStart(now));

/**
 * One row per UTC day of the trend period, oldest first: scans completed, issues first seen and
 * resolved that day, and issues open at the end of it.
 */
export function trendDays(source: ReportSource, now: Date) {
  const first = trendStart(now);
  return Array.from({ length: R.trendPeriodDays }, (_, i) => {
    const start = first + i * DAY_MS;
    const end = start + DAY_MS;
    const within = (date: Date | null) =>
      date !== null && date.getTime() >= start && date.getTime() < end;
    const vulns = source.vulnerabilities;
    return {
      date: dayOf(new Date(start)),
      scans: source.scans.filter((s) => within(s.completedAt)).length,
      new_issues: vulns.filter((v) => within(v.firstSeenAt)).length,
      resolved_issues: vulns.filter((v) => within(v.resolvedAt)).length,
      open_issues: openAt(source, end),
    };
  });
}
