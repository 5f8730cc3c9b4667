import type { TFeedImport, TFeedSource } from '@netguard/contracts';
import { and, count, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import {
  advisories,
  distroFixes,
  epssScores,
  type FeedCounts,
  feedImports,
  kevEntries,
  ssvcEntries,
} from '../../db/schema.ts';
import { FEED_TEXT } from './feeds.text.ts';

type ImportRow = typeof feedImports.$inferSelect;

export type NewImport = {
  source: TFeedSource;
  origin: string;
  trigger: 'schedule' | 'upload' | 'cli';
  startedBy?: string | null;
};

/** Records an import as running; its row is updated when it ends. */
export async function insertRunning(db: Executor, run: NewImport): Promise<string> {
  const [row] = await db
    .insert(feedImports)
    .values({
      source: run.source,
      origin: run.origin,
      trigger: run.trigger,
      startedBy: run.startedBy ?? null,
    })
    .returning({ id: feedImports.id });
  return row!.id;
}

export type ImportOutcome = {
  status: 'succeeded' | 'partial' | 'failed';
  feedVersion?: string | null;
  catalogDate?: string | null;
  sha256?: string | null;
  bytes?: number | null;
  counts?: FeedCounts | null;
  errors: string[];
};

/** Ends an import with what came of it. */
export async function finishImport(
  db: Executor,
  id: string,
  outcome: ImportOutcome,
): Promise<ImportRow> {
  const catalog = outcome.catalogDate ? new Date(outcome.catalogDate) : null;
  const [row] = await db
    .update(feedImports)
    .set({
      status: outcome.status,
      feedVersion: outcome.feedVersion ?? null,
      catalogDate: catalog && !Number.isNaN(catalog.getTime()) ? catalog : null,
      sha256: outcome.sha256 ?? null,
      bytes: outcome.bytes ?? null,
      counts: outcome.counts ?? null,
      errors: outcome.errors.slice(0, 20).map((e) => e.slice(0, 500)),
      finishedAt: new Date(),
    })
    .where(eq(feedImports.id, id))
    .returning();
  return row!;
}

/**
 * Imports still `running` while the caller holds the feed lock were left by a worker that
 * stopped: they are failed, so none stays running for ever.
 */
export async function failStaleImports(db: Executor): Promise<number> {
  const rows = await db
    .update(feedImports)
    .set({ status: 'failed', errors: [FEED_TEXT.stale], finishedAt: new Date() })
    .where(eq(feedImports.status, 'running'))
    .returning({ id: feedImports.id });
  return rows.length;
}

/** When each source was last imported by the schedule. */
export async function lastScheduled(db: Executor): Promise<Map<TFeedSource, Date>> {
  const rows = await db
    .select({ source: feedImports.source, at: sql<Date>`max(${feedImports.startedAt})` })
    .from(feedImports)
    .where(eq(feedImports.trigger, 'schedule'))
    .groupBy(feedImports.source);
  return new Map(rows.map((r) => [r.source, new Date(r.at)]));
}

/** The newest import of each source, and the newest that stored data (succeeded or partial). */
export async function latestImports(db: Executor) {
  const latest = await db
    .selectDistinctOn([feedImports.source])
    .from(feedImports)
    .orderBy(feedImports.source, desc(feedImports.startedAt));
  const lastSuccess = await db
    .selectDistinctOn([feedImports.source])
    .from(feedImports)
    .where(inArray(feedImports.status, ['succeeded', 'partial']))
    .orderBy(feedImports.source, desc(feedImports.startedAt));
  return {
    latest: new Map(latest.map((r) => [r.source, r])),
    lastSuccess: new Map(lastSuccess.map((r) => [r.source, r])),
  };
}

/** Rows held now for each source. */
export async function heldRows(db: Executor): Promise<Record<TFeedSource, number>> {
  const countOf = async (query: Promise<{ n: number }[]>) => Number((await query)[0]?.n ?? 0);
  const bySource = (source: 'nvd' | 'osv') =>
    countOf(db.select({ n: count() }).from(advisories).where(eq(advisories.source, source)));
  return {
    nvd: await bySource('nvd'),
    osv: (await bySource('osv')) + (await countOf(db.select({ n: count() }).from(distroFixes))),
    kev: await countOf(db.select({ n: count() }).from(kevEntries)),
    epss: await countOf(
      db.select({ n: sql<number>`count(distinct ${epssScores.cveId})` }).from(epssScores),
    ),
    vulnrichment: await countOf(db.select({ n: count() }).from(ssvcEntries)),
  };
}

/** The newest import that stored data: scans reload their advisories when it changes. */
export async function dataStamp(db: Executor): Promise<string | null> {
  const [row] = await db
    .select({ id: feedImports.id, at: feedImports.finishedAt })
    .from(feedImports)
    .where(and(inArray(feedImports.status, ['succeeded', 'partial'])))
    .orderBy(desc(feedImports.finishedAt))
    .limit(1);
  return row ? `${row.id}:${row.at?.toISOString()}` : null;
}

const iso = (d: Date | null) => d?.toISOString() ?? null;

/** An import row as the API answers it. */
export function toFeedImport(row: ImportRow): TFeedImport {
  return {
    id: row.id,
    source: row.source,
    origin: row.origin,
    trigger: row.trigger,
    status: row.status,
    feed_version: row.feedVersion,
    catalog_date: iso(row.catalogDate),
    sha256: row.sha256,
    bytes: row.bytes,
    counts: row.counts,
    errors: row.errors,
    started_at: row.startedAt.toISOString(),
    finished_at: iso(row.finishedAt),
  };
}
