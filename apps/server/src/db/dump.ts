import { once } from 'node:events';
import { readFileSync } from 'node:fs';
import fs from 'node:fs/promises';
import type { Writable } from 'node:stream';
import { finished, pipeline } from 'node:stream/promises';
import { createGzip } from 'node:zlib';
import pg from 'pg';
import { to as copyTo } from 'pg-copy-streams';
import {
  copyStatement,
  countNewlines,
  DUMP_FORMAT,
  DumpError,
  endLine,
  HashingWriter,
  headerText,
  quoteIdent,
  SESSION_SETTINGS,
  setvalStatement,
} from './dump-format.ts';
import { appliedMigrationTime, committedMigrations, type Migration } from './migrate.ts';

export type TableCount = { table: string; rows: number };

export type BackupResult = {
  file: string;
  bytes: number;
  gzip: boolean;
  level: Migration;
  tables: TableCount[];
  rows: number;
  sequences: number;
  ms: number;
};

/** NetGuard's version (the root package.json), written into the header. */
export function netguardVersion(): string {
  try {
    const root = new URL('../../../../package.json', import.meta.url);
    return (JSON.parse(readFileSync(root, 'utf8')) as { version?: string }).version ?? 'unknown';
  } catch {
    return 'unknown';
  }
}

/**
 * Writes every table of the public schema, as one consistent snapshot, to `file` (gzip when
 * `gzip`), through `<file>.partial` renamed once complete. Connects with `url`, the owner's
 * (DATABASE_URL): row-level security is off for the session, so a role it would filter gets an
 * error rather than a silently partial file. pg-boss's queue and drizzle's bookkeeping are not
 * written: the server re-creates both (the level is in the header).
 */
export async function backupDatabase(
  url: string,
  file: string,
  options: { gzip: boolean; keyFingerprint: string | null },
): Promise<BackupResult> {
  const started = performance.now();
  const exists = await fs.stat(file).catch(() => null);
  if (exists)
    throw new DumpError(`${file} already exists: choose another --output or move it away`);
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const partial = `${file}.partial`;
  let out: Output | undefined;
  try {
    await client.query('begin isolation level repeatable read, read only');
    for (const setting of SESSION_SETTINGS) {
      // Replication role only matters when loading; it needs a superuser.
      if (!setting.includes('session_replication_role')) await client.query(setting);
    }
    await client.query(`set local timezone = 'UTC'`);
    const level = await migrationLevel(client);
    const tables = await tablesInLoadOrder(client);
    if (tables.length > 0)
      await client.query(
        `lock table ${tables.map((t) => `public.${quoteIdent(t.name)}`).join(', ')} in access share mode`,
      );
    const server = (await client.query<{ v: string }>('select version() v')).rows[0]!.v;

    out = await openOutput(partial, options.gzip);
    const { writer } = out;
    await writer.write(
      headerText({
        format: DUMP_FORMAT,
        version: netguardVersion(),
        level: { tag: level.tag, when: level.when },
        takenAt: new Date().toISOString(),
        server: server.split(' on ')[0]!,
        keyFingerprint: options.keyFingerprint,
      }),
    );
    const counts: TableCount[] = [];
    for (const table of tables) {
      await writer.write(`\n--\n-- Data for Name: ${table.name}; Type: TABLE DATA\n--\n\n`);
      await writer.write(`${copyStatement(table.name, table.columns)}\n`);
      const columns = table.columns.map(quoteIdent).join(', ');
      const source = table.partitioned
        ? `(select ${columns} from public.${quoteIdent(table.name)})`
        : `public.${quoteIdent(table.name)} (${columns})`;
      const data = client.query(copyTo(`copy ${source} to stdout`));
      let rows = 0;
      for await (const chunk of data) {
        rows += countNewlines(chunk as Buffer);
        await writer.write(chunk as Buffer);
      }
      await writer.write(`\\.\n-- rows: ${rows}\n`);
      counts.push({ table: table.name, rows });
    }
    // Read last: a sequence is not part of the snapshot, so it is at least what the rows used.
    const sequences = await sequenceValues(client);
    if (sequences.length > 0) await writer.write('\n--\n-- Sequences\n--\n\n');
    for (const s of sequences)
      await writer.write(`${setvalStatement(s.name, s.value, s.called)}\n`);
    await client.query('commit');

    const rows = counts.reduce((sum, t) => sum + t.rows, 0);
    await writer.write('\n');
    // The end marker holds the hash of every byte before it, so it is not hashed itself.
    const end = endLine(counts.length, rows, writer.hash.digest('hex'));
    if (!out.head.write(end)) await once(out.head, 'drain');
    out.head.end();
    await out.done;
    await fs.rename(partial, file);
    const { size } = await fs.stat(file);
    return {
      file,
      bytes: size,
      gzip: options.gzip,
      level,
      tables: counts,
      rows,
      sequences: sequences.length,
      ms: performance.now() - started,
    };
  } catch (error) {
    await client.query('rollback').catch(() => undefined);
    if (out) {
      out.head.destroy();
      await out.done.catch(() => undefined);
      await fs.rm(partial, { force: true });
    }
    if (error instanceof pg.DatabaseError && error.code === '42501')
      throw new DumpError(
        `the database role may not read every row (${error.message}): back up with the DATABASE_URL of the tables' owner or a superuser, not a role bound by row-level security`,
      );
    throw error;
  } finally {
    await client.end().catch(() => undefined);
  }
}

/** The migration the database is at, which must be one this NetGuard knows. */
async function migrationLevel(client: pg.ClientBase): Promise<Migration> {
  const applied = await appliedMigrationTime(client);
  const migrations = committedMigrations();
  if (applied === null)
    throw new DumpError(
      'this database holds no NetGuard schema (no migration applied): nothing to back up',
    );
  const level = migrations.find((m) => m.when === applied);
  if (!level) {
    const newest = migrations.at(-1)!;
    throw new DumpError(
      applied > newest.when
        ? `the database was migrated by a newer NetGuard (past ${newest.tag}): back it up with that version`
        : `the database's last migration (${applied}) is not one of this NetGuard's`,
    );
  }
  return level;
}

/**
 * The public schema's tables (partitions through their parent; not an extension's own), by name,
 * with their kind and stored columns in order (generated ones are computed again on load).
 */
export async function publicTableColumns(
  client: pg.ClientBase,
): Promise<{ name: string; kind: string; columns: string[] | null }[]> {
  const { rows } = await client.query<{ name: string; kind: string; columns: string[] | null }>(
    `select c.relname as name, c.relkind::text as kind,
            array_agg(a.attname::text order by a.attnum)
              filter (where a.attnum > 0 and not a.attisdropped and a.attgenerated = '') as columns
       from pg_class c
       join pg_namespace n on n.oid = c.relnamespace
       left join pg_attribute a on a.attrelid = c.oid
      where n.nspname = 'public' and c.relkind in ('r', 'p') and not c.relispartition
        and not exists (select 1 from pg_depend d where d.classid = 'pg_class'::regclass
                         and d.objid = c.oid and d.deptype = 'e')
      group by c.relname, c.relkind
      order by c.relname`,
  );
  return rows;
}

type TableToCopy = { name: string; columns: string[]; partitioned: boolean };

/**
 * The public schema's tables (partitions through their parent; not an extension's own) with
 * their stored columns (generated ones are computed again on load), parents before the tables
 * that refer to them.
 */
async function tablesInLoadOrder(client: pg.ClientBase): Promise<TableToCopy[]> {
  const rows = await publicTableColumns(client);
  const references = await client.query<{ child: string; parent: string }>(
    `select c.relname as child, p.relname as parent
       from pg_constraint k
       join pg_class c on c.oid = k.conrelid
       join pg_class p on p.oid = k.confrelid
       join pg_namespace n on n.oid = c.relnamespace
      where k.contype = 'f' and n.nspname = 'public' and k.conrelid <> k.confrelid`,
  );
  const parents = new Map<string, Set<string>>();
  for (const { child, parent } of references.rows) {
    const set = parents.get(child) ?? new Set<string>();
    set.add(parent);
    parents.set(child, set);
  }
  const byName = new Map(rows.map((r) => [r.name, r]));
  const ordered: TableToCopy[] = [];
  const placed = new Set<string>();
  const visiting = new Set<string>();
  const place = (name: string) => {
    if (placed.has(name) || visiting.has(name)) return; // a cycle: triggers are off on load
    visiting.add(name);
    for (const parent of [...(parents.get(name) ?? [])].sort()) place(parent);
    visiting.delete(name);
    const row = byName.get(name);
    if (!row) return;
    placed.add(name);
    ordered.push({ name, columns: row.columns ?? [], partitioned: row.kind === 'p' });
  };
  for (const row of rows) place(row.name);
  return ordered.filter((t) => t.columns.length > 0);
}

async function sequenceValues(
  client: pg.ClientBase,
): Promise<{ name: string; value: string; called: boolean }[]> {
  const { rows } = await client.query<{ name: string }>(
    `select c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where n.nspname = 'public' and c.relkind = 'S' order by 1`,
  );
  const values = [];
  for (const { name } of rows) {
    const { rows: state } = await client.query<{ last_value: string; is_called: boolean }>(
      `select last_value::text, is_called from public.${quoteIdent(name)}`,
    );
    values.push({ name, value: state[0]!.last_value, called: state[0]!.is_called });
  }
  return values;
}

type Output = { writer: HashingWriter; head: Writable; done: Promise<void> };

async function openOutput(path: string, gzip: boolean): Promise<Output> {
  // A new file, 0600: it holds password hashes and every organization's data.
  await fs.rm(path, { force: true });
  const handle = await fs.open(path, 'wx', 0o600);
  const file = handle.createWriteStream();
  let head: Writable = file;
  let done: Promise<void>;
  if (gzip) {
    const zip = createGzip();
    head = zip;
    done = pipeline(zip, file);
  } else {
    done = finished(file);
  }
  // Surfaced through `done` or a write; never as an unhandled rejection.
  done.catch(() => undefined);
  return { writer: new HashingWriter(head), head, done };
}
