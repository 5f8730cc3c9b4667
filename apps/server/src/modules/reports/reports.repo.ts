import { REPORT_TEXT, type TReportContent, type TReportType } from '@netguard/contracts';
import { and, desc, eq, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { reports } from '../../db/schema.ts';
import { ilikeContains } from '../../lib/sql-text.ts';

export type ReportRow = typeof reports.$inferSelect;
export type ReportFilters = { search: string; type: 'all' | TReportType };

/** A report still generating after this long is marked failed: its job was lost. */
const STALE_AFTER = sql`interval '10 minutes'`;

/** `%text%` for ILIKE, with the pattern characters of the text escaped. */

function filterWhere(organizationId: string, f: ReportFilters): SQL | undefined {
  return and(
    eq(reports.organizationId, organizationId),
    f.type === 'all' ? undefined : eq(reports.reportType, f.type),
    f.search
      ? sql`(${reports.title} ilike ${ilikeContains(f.search)} or ${reports.summary} ilike ${ilikeContains(f.search)})`
      : undefined,
  );
}

export async function insertGenerating(
  db: Executor,
  values: { userId: string; organizationId: string; scanId: string; reportType: TReportType },
  title: string,
): Promise<ReportRow> {
  const [row] = await db
    .insert(reports)
    .values({ ...values, title, status: 'generating' })
    .returning();
  if (!row) throw new Error('report insert returned nothing');
  return row;
}

/** The organization's reports matching the filters, newest first. */
export function listReports(
  db: Executor,
  organizationId: string,
  filters: ReportFilters,
  page: { limit: number; offset: number },
): Promise<ReportRow[]> {
  return db
    .select()
    .from(reports)
    .where(filterWhere(organizationId, filters))
    .orderBy(desc(reports.createdAt), desc(reports.id))
    .limit(page.limit)
    .offset(page.offset);
}

export async function countReports(db: Executor, organizationId: string, filters: ReportFilters) {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(reports)
    .where(filterWhere(organizationId, filters));
  return row?.n ?? 0;
}

export async function findReport(
  db: Executor,
  organizationId: string,
  id: string,
): Promise<ReportRow | undefined> {
  const [row] = await db
    .select()
    .from(reports)
    .where(and(eq(reports.id, id), eq(reports.organizationId, organizationId)));
  return row;
}

/** A report by id for its job, whatever the organization (the job carries the id only). */
export async function findReportForJob(db: Executor, id: string): Promise<ReportRow | undefined> {
  const [row] = await db.select().from(reports).where(eq(reports.id, id));
  return row;
}

const generating = (id: string) => and(eq(reports.id, id), eq(reports.status, 'generating'));

/** Stores the content; only a report still generating changes (a job may run twice). */
export async function markReady(
  db: Executor,
  id: string,
  report: { title: string; summary: string; content: TReportContent },
): Promise<void> {
  await db
    .update(reports)
    .set({ ...report, status: 'ready', error: null })
    .where(generating(id));
}

export async function markFailed(db: Executor, id: string, error: string): Promise<void> {
  await db.update(reports).set({ status: 'failed', error }).where(generating(id));
}

/** Fails the organization's reports whose generation job never finished. */
export async function failStaleReports(db: Executor, organizationId: string): Promise<void> {
  await db
    .update(reports)
    .set({ status: 'failed', error: REPORT_TEXT.stale })
    .where(
      and(
        eq(reports.organizationId, organizationId),
        eq(reports.status, 'generating'),
        sql`${reports.createdAt} < now() - ${STALE_AFTER}`,
      ),
    );
}
