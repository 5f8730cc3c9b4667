import { bundledAdvisories } from '@netguard/engine';
import { inArray, type SQL, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Executor } from '../../db/client.ts';
import {
  advisories,
  distroFixes,
  epssScores,
  kevEntries,
  ssvcEntries,
  vulnerabilities,
} from '../../db/schema.ts';
import type { FeedData } from './feeds.data.ts';

const BATCH = 1000;

/**
 * Inserts rows in batches, replacing the listed columns of rows that exist (by `target`); with
 * `keepHeld`, a value the new row lacks (null) keeps the held one.
 */
async function upsert<T extends PgTable>(
  tx: Executor,
  table: T,
  rows: T['$inferInsert'][],
  target: PgColumn[],
  replace: Record<string, PgColumn>,
  keepHeld = false,
) {
  const set: Record<string, SQL> = {};
  for (const [key, column] of Object.entries(replace))
    set[key] = keepHeld
      ? sql`coalesce(${sql.raw(`excluded."${column.name}"`)}, ${column})`
      : sql.raw(`excluded."${column.name}"`);
  for (let i = 0; i < rows.length; i += BATCH)
    await tx
      .insert(table)
      .values(rows.slice(i, i + BATCH))
      .onConflictDoUpdate({ target, set });
}

/**
 * CVEs NetGuard holds: those of an advisory (bundled or imported), a KEV entry or any
 * organization's vulnerability. EPSS rows are kept for these only, which bounds the history
 * table to a few thousand CVEs instead of the ~300,000 of each daily file.
 */
export async function heldCves(tx: Executor, extra: Iterable<string> = []): Promise<Set<string>> {
  const held = new Set<string>(extra);
  for (const a of bundledAdvisories()) if (a.cve_id) held.add(a.cve_id);
  const rows = await tx.execute<{ cve_id: string }>(sql`
    select cve_id from ${advisories} where cve_id is not null
    union select cve_id from ${kevEntries}
    union select distinct cve_id from ${vulnerabilities} where cve_id is not null`);
  for (const row of rows.rows) held.add(row.cve_id.toUpperCase());
  return held;
}

export type Written = {
  imported: number;
  /** EPSS scores of CVEs NetGuard does not hold, not stored. */
  notHeld: number;
  /** CVEs that entered the KEV catalog with this import. */
  newKev: string[];
};

/** Stores what a feed brought, upserting by key: nothing that was held is removed. */
export async function writeFeed(
  tx: Executor,
  source: FeedData,
  importId: string,
  kind: 'nvd' | 'kev' | 'epss' | 'vulnrichment' | 'osv',
): Promise<Written> {
  const now = new Date();
  let imported = 0;
  let notHeld = 0;
  let newKev: string[] = [];
  if (source.advisories.length) {
    const rows = source.advisories.map((a) => ({
      id: a.id,
      product: a.product,
      cveId: a.cve_id,
      source: kind === 'osv' ? ('osv' as const) : ('nvd' as const),
      data: a,
      feedImportId: importId,
      updatedAt: now,
    }));
    const a = advisories;
    await upsert(tx, a, rows, [a.id], {
      product: a.product,
      cveId: a.cveId,
      source: a.source,
      data: a.data,
      feedImportId: a.feedImportId,
      updatedAt: a.updatedAt,
    });
    imported += rows.length;
  }
  const kevIds = Object.keys(source.kev);
  if (kevIds.length) {
    const known = new Set<string>();
    for (let i = 0; i < kevIds.length; i += BATCH) {
      const rows = await tx
        .select({ cve: kevEntries.cveId })
        .from(kevEntries)
        .where(inArray(kevEntries.cveId, kevIds.slice(i, i + BATCH)));
      for (const row of rows) known.add(row.cve);
    }
    newKev = kevIds.filter((cve) => !known.has(cve));
    const k = kevEntries;
    const rows = Object.entries(source.kev).map(([cveId, e]) => ({
      cveId,
      dateAdded: e.date_added ?? null,
      dueDate: e.due_date ?? null,
      requiredAction: e.required_action ?? null,
      ransomware: e.ransomware ?? null,
      feedImportId: importId,
      updatedAt: now,
    }));
    // Vulnrichment names KEV entries with their date only: the catalog's other facts stay.
    await upsert(
      tx,
      k,
      rows,
      [k.cveId],
      {
        dateAdded: k.dateAdded,
        dueDate: k.dueDate,
        requiredAction: k.requiredAction,
        ransomware: k.ransomware,
        feedImportId: k.feedImportId,
        updatedAt: k.updatedAt,
      },
      true,
    );
    imported += rows.length;
  }
  const epss = Object.entries(source.epss);
  if (epss.length) {
    const held = await heldCves(tx);
    const rows = [];
    for (const [cveId, e] of epss) {
      const scoreDate = (e.date ?? source.catalogDate)?.slice(0, 10);
      if (!held.has(cveId) || !scoreDate) {
        notHeld++;
        continue;
      }
      rows.push({
        cveId,
        scoreDate,
        score: e.score,
        percentile: e.percentile,
        modelVersion: e.model_version ?? null,
        feedImportId: importId,
      });
    }
    const s = epssScores;
    await upsert(tx, s, rows, [s.cveId, s.scoreDate], {
      score: s.score,
      percentile: s.percentile,
      modelVersion: s.modelVersion,
      feedImportId: s.feedImportId,
    });
    imported += rows.length;
  }
  const ssvc = Object.entries(source.ssvc);
  if (ssvc.length) {
    const s = ssvcEntries;
    const rows = ssvc.map(([cveId, e]) => ({
      cveId,
      exploitation: e.exploitation,
      automatable: e.automatable,
      technicalImpact: e.technical_impact,
      assessedAt: e.timestamp ? new Date(e.timestamp) : null,
      feedImportId: importId,
      updatedAt: now,
    }));
    await upsert(tx, s, rows, [s.cveId], {
      exploitation: s.exploitation,
      automatable: s.automatable,
      technicalImpact: s.technicalImpact,
      assessedAt: s.assessedAt,
      feedImportId: s.feedImportId,
      updatedAt: s.updatedAt,
    });
    imported += rows.length;
  }
  if (source.distributions.length) {
    const d = distroFixes;
    const byKey = new Map<string, typeof d.$inferInsert>();
    for (const f of source.distributions)
      byKey.set([f.cve_id, f.product, f.distro, f.release, f.package].join('|'), {
        cveId: f.cve_id,
        product: f.product,
        distro: f.distro,
        release: f.release,
        package: f.package,
        fixed: f.fixed ?? null,
        notAffected: f.not_affected ?? false,
        feedImportId: importId,
        updatedAt: now,
      });
    await upsert(tx, d, [...byKey.values()], [d.cveId, d.product, d.distro, d.release, d.package], {
      fixed: d.fixed,
      notAffected: d.notAffected,
      feedImportId: d.feedImportId,
      updatedAt: d.updatedAt,
    });
    imported += byKey.size;
  }
  return { imported, notHeld, newKev };
}
