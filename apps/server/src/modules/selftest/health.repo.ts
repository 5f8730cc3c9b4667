// The health probes' database reads: row counts (of one organization, or of the deployment) and
// the pg-boss queue's waiting jobs. Each runs in its own transaction with a statement timeout, so
// a huge table answers "could not be measured" rather than holding the request.
import { type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { SCAN_CHILD_TABLES } from '../../db/row-security.ts';

const COUNT_TIMEOUT = "set local statement_timeout = '5s'";

type Rows = { table: string; rows: number }[];

async function countEach(db: Executor, selects: SQL[]): Promise<Rows> {
  if (selects.length === 0) return [];
  const result = await db.execute(sql.join(selects, sql` union all `));
  return (result.rows as { table_name: string; rows: string }[])
    .map((r) => ({ table: r.table_name, rows: Number(r.rows) }))
    .sort((a, b) => a.table.localeCompare(b.table));
}

async function publicTables(db: Executor, withColumn?: string): Promise<string[]> {
  const result = await db.execute(
    withColumn
      ? sql`select c.table_name as name from information_schema.columns c
              join information_schema.tables t using (table_schema, table_name)
             where c.table_schema = 'public' and c.column_name = ${withColumn}
               and t.table_type = 'BASE TABLE'`
      : sql`select table_name as name from information_schema.tables
             where table_schema = 'public' and table_type = 'BASE TABLE'`,
  );
  return (result.rows as { name: string }[]).map((r) => r.name);
}

/**
 * Rows of one organization in each table that belongs to organizations: filtered on the
 * organization in the query and, called inside the organization's tenant transaction, also by
 * row-level security (the scan child tables through their scan).
 */
export async function organizationRowCounts(db: Executor, organizationId: string): Promise<Rows> {
  await db.execute(sql.raw(COUNT_TIMEOUT));
  const direct = (await publicTables(db, 'organization_id')).map(
    (table) =>
      sql`select ${table} as table_name, count(*) as rows from ${sql.identifier(table)}
           where organization_id = ${organizationId}`,
  );
  const children = SCAN_CHILD_TABLES.map(
    (table) =>
      sql`select ${table} as table_name, count(*) as rows from ${sql.identifier(table)} c
           where exists (select 1 from scans s where s.id = c.scan_id and s.organization_id = ${organizationId})`,
  );
  return countEach(db, [...direct, ...children]);
}

/** Rows of every table of the deployment (all organizations and the shared tables). */
export async function deploymentRowCounts(db: Executor): Promise<Rows> {
  return db.transaction(async (tx) => {
    await tx.execute(sql.raw(COUNT_TIMEOUT));
    const tables = await publicTables(tx);
    return countEach(
      tx,
      tables.map(
        (table) =>
          sql`select ${table} as table_name, count(*) as rows from ${sql.identifier(table)}`,
      ),
    );
  });
}

const QUEUES_LISTED = 20;

/** pg-boss's waiting jobs: those due and not taken, those due later, the oldest wait. */
export async function queueDepth(db: Executor) {
  const [totals] = (
    await db.execute(sql`
      select count(*) filter (where start_after <= now()) as depth,
             count(*) filter (where start_after > now()) as scheduled,
             extract(epoch from now() - min(start_after) filter (where start_after <= now())) * 1000
               as oldest_wait_ms
        from pgboss.job where state in ('created', 'retry')`)
  ).rows as { depth: string; scheduled: string; oldest_wait_ms: string | null }[];
  const queues = (
    await db.execute(sql`
      select name, count(*) as depth from pgboss.job
       where state in ('created', 'retry') and start_after <= now()
       group by name order by count(*) desc, name limit ${QUEUES_LISTED}`)
  ).rows as { name: string; depth: string }[];
  return {
    depth: Number(totals?.depth ?? 0),
    scheduled: Number(totals?.scheduled ?? 0),
    oldest_wait_ms: totals?.oldest_wait_ms == null ? null : Number(totals.oldest_wait_ms),
    queues: queues.map((q) => ({ name: q.name, depth: Number(q.depth) })),
  };
}
