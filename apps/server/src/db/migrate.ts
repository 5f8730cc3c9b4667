import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { readMigrationFiles } from 'drizzle-orm/migrator';
import { drizzle } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import type pg from 'pg';
import type { Database } from './client.ts';
import { applyRowLevelSecurity } from './row-security.ts';

const MIGRATIONS_DIR = fileURLToPath(new URL('./migrations', import.meta.url));
// Arbitrary constant: serialises migrations when several instances start at once.
export const MIGRATION_LOCK_ID = 727_001;

/**
 * Applies the committed drizzle-kit SQL migrations that have not run yet, then row-level security
 * on every organization table (new ones included).
 */
export async function runMigrations(database: Database): Promise<void> {
  const client = await database.pool.connect();
  try {
    await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_ID]);
    await migrate(drizzle({ client }), { migrationsFolder: MIGRATIONS_DIR });
    await applyRowLevelSecurity(client);
  } finally {
    await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_ID]).catch(() => undefined);
    client.release();
  }
}

/** One committed migration: its file name (tag), journal time (drizzle's created_at) and SQL. */
export type Migration = { tag: string; when: number; hash: string; statements: string[] };

/** The committed migrations in order, as drizzle's migrator reads them (meta/_journal.json). */
export function committedMigrations(): Migration[] {
  const files = readMigrationFiles({ migrationsFolder: MIGRATIONS_DIR });
  // readMigrationFiles keeps the journal's order but not the tags: the file names are the tags.
  const journal = readJournal();
  return files.map((file, i) => ({
    tag: journal[i]?.tag ?? String(i),
    when: file.folderMillis,
    hash: file.hash,
    statements: file.sql,
  }));
}

function readJournal(): { tag: string; when: number }[] {
  const text = readFileSync(`${MIGRATIONS_DIR}/meta/_journal.json`, 'utf8');
  return (JSON.parse(text) as { entries: { tag: string; when: number }[] }).entries;
}

/**
 * The created_at (journal time) of the newest migration applied to the database, null when
 * drizzle's bookkeeping table is missing or empty (nothing applied).
 */
export async function appliedMigrationTime(client: pg.ClientBase): Promise<number | null> {
  const table = await client.query<{ present: boolean }>(
    `select to_regclass('drizzle.__drizzle_migrations') is not null as present`,
  );
  if (!table.rows[0]?.present) return null;
  const { rows } = await client.query<{ created_at: string | null }>(
    'select created_at from drizzle.__drizzle_migrations order by created_at desc limit 1',
  );
  return rows[0]?.created_at ? Number(rows[0].created_at) : null;
}

/**
 * Applies, in the caller's open transaction, the migrations after the one applied last up to
 * `upTo` (a journal time), then row-level security: what drizzle's migrator does (same
 * bookkeeping table, same statements), without the transaction of its own that would commit the
 * caller's. The caller holds the migration lock.
 */
export async function migrateInTransaction(client: pg.ClientBase, upTo: number): Promise<void> {
  await client.query('create schema if not exists drizzle');
  await client.query(
    `create table if not exists drizzle.__drizzle_migrations (
       id serial primary key, hash text not null, created_at bigint)`,
  );
  const applied = await appliedMigrationTime(client);
  for (const migration of committedMigrations()) {
    if (migration.when > upTo) break;
    if (applied !== null && migration.when <= applied) continue;
    for (const statement of migration.statements) await client.query(statement);
    await client.query(
      'insert into drizzle.__drizzle_migrations (hash, created_at) values ($1, $2)',
      [migration.hash, migration.when],
    );
  }
  await applyRowLevelSecurity(client);
}
