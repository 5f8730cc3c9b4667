import { createHash } from 'node:crypto';
import { once } from 'node:events';
import fs from 'node:fs/promises';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream';
import { finished } from 'node:stream/promises';
import { setTimeout as delay } from 'node:timers/promises';
import { createGunzip } from 'node:zlib';
import pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import { publicTableColumns, type TableCount } from './dump.ts';
import {
  DumpError,
  type DumpHeader,
  END_PREFIX,
  parseCopyStatement,
  parseEndLine,
  parseHeader,
  parseSetval,
  quoteIdent,
  readLines,
  SESSION_SETTINGS,
} from './dump-format.ts';
import {
  appliedMigrationTime,
  committedMigrations,
  MIGRATION_LOCK_ID,
  type Migration,
  migrateInTransaction,
} from './migrate.ts';

export type RestoreResult = {
  header: DumpHeader;
  /** The migration the database is at afterwards (the running NetGuard's newest). */
  migratedTo: Migration;
  tables: TableCount[];
  rows: number;
  sequences: number;
  /** True when --force emptied a database that held accounts or organizations. */
  replaced: boolean;
  ms: number;
};

const INSUFFICIENT_PRIVILEGE = '42501';
/** Rows sent to PostgreSQL per COPY message. */
const BATCH_BYTES = 256 * 1024;

/** Opens a backup, gzip or plain (told by its first bytes), as a stream of its SQL text. */
async function openBackup(file: string): Promise<Readable> {
  const handle = await fs.open(file, 'r').catch((error: NodeJS.ErrnoException) => {
    throw new DumpError(
      `cannot open ${file}: ${error.code === 'ENOENT' ? 'no such file' : error.message}`,
    );
  });
  const magic = Buffer.alloc(2);
  await handle.read(magic, 0, 2, 0);
  const raw = handle.createReadStream({ start: 0 });
  if (magic[0] !== 0x1f || magic[1] !== 0x8b) return raw;
  const gunzip = createGunzip();
  pipeline(raw, gunzip, () => undefined);
  return gunzip;
}

/** The header of a backup, read from its first lines. */
export async function readBackupHeader(file: string): Promise<DumpHeader> {
  const input = await openBackup(file);
  const lines: string[] = [];
  try {
    for await (const { line } of readLines(input)) {
      const text = line.toString('utf8');
      if (!text.startsWith('--')) break;
      lines.push(text);
      if (lines.length > 100) break;
    }
  } catch (error) {
    throw new DumpError(`cannot read ${file}: ${(error as Error).message}`);
  } finally {
    input.destroy();
  }
  return parseHeader(lines);
}

/** Reads a backup's header and checks that this NetGuard knows its format and migration level. */
export async function checkBackupFile(
  file: string,
): Promise<{ header: DumpHeader; level: Migration }> {
  const header = await readBackupHeader(file);
  return { header, level: backupLevel(header) };
}

/** The migration a backup's header names, which this NetGuard must know. */
function backupLevel(header: DumpHeader): Migration {
  const migrations = committedMigrations();
  const level = migrations.find((m) => m.tag === header.level.tag);
  if (!level) {
    const newest = migrations.at(-1)!;
    throw new DumpError(
      header.level.when > newest.when
        ? `the backup is at migration ${header.level.tag}, newer than this NetGuard's newest (${newest.tag}): restore it with NetGuard ${header.version} or later`
        : `the backup's migration ${header.level.tag} is not one of this NetGuard's`,
    );
  }
  if (level.when !== header.level.when)
    throw new DumpError(`the backup's migration ${level.tag} does not match this NetGuard's`);
  return level;
}

/**
 * Loads a backup into the database of `url` in one transaction: brings the schema to the
 * backup's migration level with NetGuard's migrations, empties every public table, loads the
 * rows with triggers off (session_replication_role = replica, which needs a superuser), sets the
 * sequences, checks the end marker's counts and SHA-256, then migrates to this NetGuard's newest
 * level. Any failure rolls everything back. Refuses a database that holds accounts or
 * organizations unless `force`, one at a newer migration level than the backup, and one with
 * other connections (a running server).
 */
export async function restoreDatabase(
  url: string,
  file: string,
  options: { force: boolean },
): Promise<RestoreResult> {
  const started = performance.now();
  const { header, level } = await checkBackupFile(file);
  const newest = committedMigrations().at(-1)!;

  const client = new pg.Client({ connectionString: url });
  await client.connect();
  let copying: ReturnType<typeof copyFrom> | undefined;
  try {
    await refuseOtherConnections(client);
    await client.query('begin');
    await enterLoadingSession(client);
    await client.query('select pg_advisory_xact_lock($1)', [MIGRATION_LOCK_ID]);

    const applied = await appliedMigrationTime(client);
    if (applied !== null && applied > level.when) {
      const at = committedMigrations().find((m) => m.when === applied)?.tag ?? String(applied);
      throw new DumpError(
        `this database is at migration ${at}, newer than the backup's ${level.tag}: restore into a new, empty database (a new NETGUARD_DATA_DIR, or a new database for DATABASE_URL)`,
      );
    }
    const replaced = applied !== null && (await holdsAccounts(client));
    if (replaced && !options.force)
      throw new DumpError(
        'this database already holds accounts or organizations: restore into a new, empty database, or add --force to replace everything in it',
      );

    // The backup replaces everything, rows an earlier start or a migration wrote included;
    // emptied first too, so that the migrations up to the backup's level run on no rows.
    await truncatePublicTables(client);
    if (replaced) await emptyJobQueue(client);
    await migrateInTransaction(client, level.when);
    const tables = await truncatePublicTables(client);

    const input = await openBackup(file);
    const hash = createHash('sha256');
    const loaded: TableCount[] = [];
    const seen = new Set<string>();
    let sequences = 0;
    let end: ReturnType<typeof parseEndLine> = null;
    let lineNo = 0;
    let block: { table: string; rows: number; line: number; batch: Buffer[]; size: number } | null =
      null;

    // The error PostgreSQL answered the current COPY with, once it did.
    let copyFailure: unknown;
    const flush = async () => {
      if (!copying || !block) return;
      if (copyFailure) throw copyError(copyFailure, block.table, block.line);
      if (block.batch.length === 0) return;
      const chunk = Buffer.concat(block.batch);
      block.batch = [];
      block.size = 0;
      if (!copying.write(chunk)) await once(copying, 'drain');
    };

    try {
      for await (const { line, complete } of readLines(input)) {
        lineNo++;
        if (!complete) break; // a last line without its newline: the file was cut short
        if (end) throw new DumpError(`line ${lineNo}: text after the end marker`);
        if (block) {
          hash.update(line);
          hash.update('\n');
          if (line.length === 2 && line[0] === 0x5c && line[1] === 0x2e) {
            // `\.`: the end of the table's rows
            await flush();
            const stream = copying!;
            copying = undefined;
            stream.end();
            await finished(stream).catch((error: unknown) => {
              throw copyError(error, block!.table, block!.line);
            });
            loaded.push({ table: block.table, rows: block.rows });
            block = null;
            continue;
          }
          block.rows++;
          block.batch.push(line, NEWLINE);
          block.size += line.length + 1;
          if (block.size >= BATCH_BYTES) await flush();
          continue;
        }
        const text = line.toString('utf8');
        if (text.startsWith(END_PREFIX)) {
          end = parseEndLine(text);
          if (!end) throw new DumpError(`line ${lineNo}: the end marker is unreadable`);
          continue;
        }
        hash.update(line);
        hash.update('\n');
        if (text === '') continue;
        if (text.startsWith('--')) {
          const count = /^-- rows: (\d+)$/.exec(text);
          const last = loaded.at(-1);
          if (count && last && Number(count[1]) !== last.rows)
            throw new DumpError(
              `line ${lineNo}: table ${last.table} should have ${count[1]} rows, the file holds ${last.rows}`,
            );
          continue;
        }
        if ((SESSION_SETTINGS as readonly string[]).includes(text)) continue; // set above
        const copy = parseCopyStatement(text);
        if (copy) {
          checkColumns(tables, copy, lineNo);
          if (seen.has(copy.table))
            throw new DumpError(`line ${lineNo}: table ${copy.table} appears twice`);
          seen.add(copy.table);
          block = { table: copy.table, rows: 0, line: lineNo, batch: [], size: 0 };
          const stream = client.query(copyFrom(`${text.slice(0, -';'.length)}`));
          copyFailure = undefined;
          stream.on('error', (error) => {
            copyFailure = error;
          });
          copying = stream;
          continue;
        }
        const setval = parseSetval(text);
        if (setval) {
          await setSequence(client, setval, lineNo);
          sequences++;
          continue;
        }
        throw new DumpError(
          `line ${lineNo}: not a line of a NetGuard backup: ${JSON.stringify(text.slice(0, 80))}`,
        );
      }
    } catch (error) {
      if (error instanceof DumpError) throw error;
      if (error instanceof pg.DatabaseError)
        throw block ? copyError(error, block.table, block.line) : error;
      const { code, syscall, message } = error as NodeJS.ErrnoException;
      if (code === 'Z_BUF_ERROR')
        throw new DumpError(`the file ends early (gzip: ${message}): it was cut short`);
      if (code?.startsWith('Z_') || syscall) throw new DumpError(`cannot read ${file}: ${message}`);
      throw error;
    } finally {
      input.destroy();
    }

    if (block || !end)
      throw new DumpError(
        `the file ends early${block ? ` inside the rows of table ${block.table}` : ''} (it has no end marker): it was cut short`,
      );
    const rows = loaded.reduce((sum, t) => sum + t.rows, 0);
    if (hash.digest('hex') !== end.sha256)
      throw new DumpError(
        'the file does not match its checksum: it was changed or damaged after it was written',
      );
    if (end.tables !== loaded.length || end.rows !== rows)
      throw new DumpError(
        `the end marker counts ${end.tables} tables and ${end.rows} rows, the file holds ${loaded.length} and ${rows}`,
      );

    // The later migrations run as on an upgrade: triggers on.
    await client.query('set local session_replication_role = origin');
    await migrateInTransaction(client, newest.when);
    await client.query('commit');
    return {
      header,
      migratedTo: newest,
      tables: loaded,
      rows,
      sequences,
      replaced,
      ms: performance.now() - started,
    };
  } catch (error) {
    if (copying) {
      copying.destroy(new Error('restore aborted'));
      await finished(copying).catch(() => undefined);
    }
    await client.query('rollback').catch(() => undefined);
    throw error;
  } finally {
    await client.end().catch(() => undefined);
  }
}

const NEWLINE = Buffer.from('\n');

/** Session settings of the load; the replication role (triggers off) needs a superuser. */
async function enterLoadingSession(client: pg.ClientBase): Promise<void> {
  for (const setting of SESSION_SETTINGS) {
    try {
      await client.query(setting.replace(/^SET /, 'SET LOCAL '));
    } catch (error) {
      if (
        (error as { code?: string }).code === INSUFFICIENT_PRIVILEGE &&
        setting.includes('replication')
      )
        throw new DumpError(
          "the database role may not turn triggers off for the load (SET session_replication_role = replica): restore as a superuser, or on PostgreSQL 15 and later `GRANT SET ON PARAMETER session_replication_role TO <role>`. On managed PostgreSQL, the provider's pg_dump/pg_restore may suit better",
        );
      throw error;
    }
  }
  await client.query(`set local lock_timeout = '30s'`);
}

/** A server, worker or anyone else connected to the database: restoring under them is refused. */
async function refuseOtherConnections(client: pg.ClientBase): Promise<void> {
  let rows: { who: string }[] = [];
  // A client that has just closed its connection may still be listed for a moment.
  for (let attempt = 0; attempt < 5; attempt++) {
    if (attempt > 0) await delay(200);
    ({ rows } = await client.query<{ who: string }>(
      `select coalesce(nullif(application_name, ''), usename, 'unknown') as who
         from pg_stat_activity
        where datname = current_database() and pid <> pg_backend_pid()
          and backend_type = 'client backend'`,
    ));
    if (rows.length === 0) return;
  }
  const who = [...new Set(rows.map((r) => r.who))].join(', ');
  throw new DumpError(
    `${rows.length} other connection${rows.length === 1 ? ' is' : 's are'} open to this database (${who}): stop the NetGuard server and workers first`,
  );
}

async function holdsAccounts(client: pg.ClientBase): Promise<boolean> {
  const { rows } = await client.query<{ users: string | null; organizations: string | null }>(
    `select to_regclass('public.users') as users, to_regclass('public.organizations') as organizations`,
  );
  for (const table of [rows[0]?.users, rows[0]?.organizations]) {
    if (!table) continue;
    const found = await client.query(`select 1 from ${table} limit 1`);
    if (found.rowCount) return true;
  }
  return false;
}

/** Empties every table of the public schema; returns them with their stored columns. */
async function truncatePublicTables(client: pg.ClientBase): Promise<Map<string, Set<string>>> {
  const tables = await publicTables(client);
  if (tables.size > 0)
    await client.query(
      `truncate ${[...tables.keys()].map((t) => `public.${quoteIdent(t)}`).join(', ')}`,
    );
  return tables;
}

/** The public schema's tables (not an extension's own) with their stored (non-generated) columns. */
async function publicTables(client: pg.ClientBase): Promise<Map<string, Set<string>>> {
  const rows = await publicTableColumns(client);
  return new Map(rows.map((r) => [r.name, new Set(r.columns ?? [])]));
}

function checkColumns(
  tables: Map<string, Set<string>>,
  copy: { table: string; columns: string[] },
  lineNo: number,
) {
  const columns = tables.get(copy.table);
  if (!columns)
    throw new DumpError(
      `line ${lineNo}: the backup has a table ${copy.table} that its migration level does not`,
    );
  const unknown = copy.columns.filter((c) => !columns.has(c));
  if (unknown.length > 0)
    throw new DumpError(
      `line ${lineNo}: table ${copy.table} has no column ${unknown.join(', ')} at the backup's migration level`,
    );
}

async function setSequence(
  client: pg.ClientBase,
  setval: { sequence: string; value: string; called: boolean },
  lineNo: number,
) {
  const { rows } = await client.query<{ kind: string | null }>(
    `select c.relkind as kind from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where n.nspname = 'public' and c.relname = $1`,
    [setval.sequence],
  );
  if (rows[0]?.kind !== 'S')
    throw new DumpError(
      `line ${lineNo}: no sequence ${setval.sequence} at the backup's migration level`,
    );
  await client.query('select pg_catalog.setval($1::regclass, $2::bigint, $3)', [
    `public.${quoteIdent(setval.sequence)}`,
    setval.value,
    setval.called,
  ]);
}

/** pg-boss's waiting jobs belong to the data being replaced (scans, reports that are gone). */
async function emptyJobQueue(client: pg.ClientBase): Promise<void> {
  const { rows } = await client.query<{ job: string | null; archive: string | null }>(
    `select to_regclass('pgboss.job') as job, to_regclass('pgboss.archive') as archive`,
  );
  const tables = [rows[0]?.job, rows[0]?.archive].filter((t): t is string => Boolean(t));
  if (tables.length > 0) await client.query(`truncate ${tables.join(', ')}`);
}

/** A database error while loading a table, with the table and where its rows start. */
function copyError(error: unknown, table: string, line: number): Error {
  const { message, where } = error as { message?: string; where?: string };
  return new DumpError(
    `table ${table} (rows from line ${line + 1}): ${message ?? String(error)}${where ? ` (${where})` : ''}`,
  );
}
