import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testResources } from '../../../scripts/testing/current.ts';
import { type EmbeddedHandle, startEmbeddedPostgres } from '../src/db/embedded.ts';
import { committedMigrations, migrateInTransaction } from '../src/db/migrate.ts';
import { findFreePort } from '../src/lib/net.ts';
import { netguardWith } from './cli-run.ts';
import { PASSWORD } from './helpers.ts';
import { type ServerProcess, startServerProcess } from './server-process.ts';

const EMAIL = 'backup@example.com';
const SECRET = 'test-secret-key-for-netguard-tests';

let root: string;
/** The data dir the account is made in, and the new one the backup is restored into. */
let source: string;
let target: string;
const servers: ServerProcess[] = [];
const clusters: EmbeddedHandle[] = [];

beforeAll(async () => {
  root = await fs.mkdtemp(path.join(os.tmpdir(), 'netguard-backup-'));
  // The cluster runs as the `postgres` system user when tests run as root: it must reach the dir.
  await fs.chmod(root, 0o755);
  source = path.join(root, 'source');
  target = path.join(root, 'target');
});
afterAll(async () => {
  await Promise.all(servers.map((s) => s.stop()));
  for (const cluster of clusters) await cluster.stop();
  await fs.rm(root, { recursive: true, force: true });
});

/** The newest migration of this checkout: the level a fresh database is at. */
const NEWEST = committedMigrations().at(-1)?.tag;

/**
 * The CLI on the embedded PostgreSQL of a data dir (no DATABASE_URL), as `npm run netguard`; a
 * cluster it starts listens on 127.0.0.1 at a port the kernel chose, not the fixed default.
 */
const cli = async (dataDir: string, ...args: string[]) =>
  netguardWith(args, {
    DATABASE_URL: '',
    NETGUARD_DATA_DIR: dataDir,
    NETGUARD_SECRET_KEY: SECRET,
    PGPORT: String(await findFreePort()),
  });
/** The CLI on an external PostgreSQL (DATABASE_URL). */
const cliOn = (url: string, args: string[], env: Record<string, string> = {}) =>
  netguardWith(args, {
    DATABASE_URL: url,
    NETGUARD_DATA_DIR: path.join(root, 'external'),
    NETGUARD_SECRET_KEY: SECRET,
    ...env,
  });

async function serve(dataDir: string) {
  const server = await startServerProcess({ DATABASE_URL: '', NETGUARD_DATA_DIR: dataDir });
  servers.push(server);
  return server;
}

function api(base: string, auth: Record<string, string> = {}) {
  return (url: string, method = 'GET', body?: object) =>
    fetch(`${base}${url}`, {
      method,
      headers: { ...auth, ...(body ? { 'content-type': 'application/json' } : {}) },
      body: body ? JSON.stringify(body) : undefined,
    });
}

async function signIn(base: string) {
  const res = await api(base)('/api/auth/sign-in', 'POST', { email: EMAIL, password: PASSWORD });
  return {
    status: res.status,
    auth: {
      authorization: `Bearer ${((await res.json()) as { access_token?: string }).access_token}`,
    },
  };
}

async function query<T extends pg.QueryResultRow>(url: string, text: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query<T>(text)).rows;
  } finally {
    await client.end();
  }
}

/** A PostgreSQL the CLI reaches through DATABASE_URL (started once, database `restored`). */
async function externalCluster(): Promise<EmbeddedHandle> {
  if (clusters[0]) return clusters[0];
  const dir = path.join(root, 'external-pg');
  await fs.mkdir(dir);
  await fs.chmod(dir, 0o755);
  const cluster = await startEmbeddedPostgres({ dataDir: dir, port: 0, database: 'restored' });
  clusters.push(cluster);
  return cluster;
}

/** Public tables of a database: none after a failed restore into an empty one. */
const tableCount = async (url: string) =>
  Number(
    (
      await query<{ n: string }>(
        url,
        `select count(*) as n from pg_tables where schemaname in ('public', 'drizzle')`,
      )
    )[0]!.n,
  );

let scanId: string;
let gzFile: string;
let sqlFile: string;

describe('netguard backup and restore', () => {
  it('backs up a live embedded database and restores it into a new data dir, where the account signs in', {
    timeout: 240_000,
  }, async () => {
    const first = await serve(source);
    const call = api(first.base);
    expect(
      (await call('/api/auth/sign-up', 'POST', { email: EMAIL, password: PASSWORD })).status,
    ).toBe(201);
    expect((await signIn(first.base)).status).toBe(403); // not confirmed yet
    const confirmed = await cli(source, 'users', 'confirm', EMAIL);
    expect(confirmed).toMatchObject({ code: 0, stdout: `Confirmed ${EMAIL}\n` });
    const session = await signIn(first.base);
    expect(session.status).toBe(200);
    const authed = api(first.base, session.auth);
    const scan = await authed('/api/scans', 'POST', {
      scan_name: 'Kept by the backup',
      scan_type: 'network',
      target_hosts: [testResources().host(1)],
    });
    expect(scan.status).toBe(201);
    scanId = ((await scan.json()) as { id: string }).id;
    const settings = { auto_scan_frequency: 'daily', max_concurrent_scans: 2, scan_timeout: 900 };
    expect((await authed('/api/settings/api', 'PUT', settings)).status).toBe(200);

    // While the server runs: one consistent snapshot over the server's cluster.
    const backup = await cli(source, 'backup');
    expect(backup.code, backup.stderr).toBe(0);
    gzFile = /^Backup written to (\S+) \((\d+) bytes, gzip\)$/m.exec(backup.stdout)?.[1] ?? '';
    expect(path.dirname(gzFile)).toBe(path.join(source, 'backups'));
    expect(backup.stdout).toMatch(
      new RegExp(`^Migration level ${NEWEST}: \\d+ tables, \\d+ rows`, 'm'),
    );
    expect(backup.stdout).toMatch(/^ {2}users\t1$/m);
    expect(backup.stdout).toMatch(/^ {2}scans\t1$/m);
    expect((await fs.stat(gzFile)).mode & 0o777).toBe(0o600);
    sqlFile = path.join(root, 'plain.sql');
    const plain = await cli(source, 'backup', '--output', sqlFile);
    expect(plain.code, plain.stderr).toBe(0);
    const text = await fs.readFile(sqlFile, 'utf8');
    expect(text).toMatch(/^-- NetGuard database dump\n/);
    expect(text).toContain('COPY public."users" (');
    expect(text).toContain(EMAIL);
    expect(text).toMatch(
      /\n-- NetGuard dump complete: \d+ tables, \d+ rows, sha256 [0-9a-f]{64}\n$/,
    );
    expect((await cli(source, 'backup', '--output', sqlFile)).stderr).toContain('already exists');
    await first.stop();

    // A new data dir: the CLI starts a new embedded PostgreSQL there and restores into it.
    const restored = await cli(target, 'restore', gzFile);
    expect(restored.code, restored.stderr).toBe(0);
    expect(restored.stdout).toContain(`at migration ${NEWEST}`);
    expect(restored.stderr).toBe('');

    const second = await serve(target);
    const again = await signIn(second.base);
    expect(again.status).toBe(200);
    const read = api(second.base, again.auth);
    const kept = await read(`/api/scans/${scanId}`);
    expect(kept.status).toBe(200);
    expect(await kept.json()).toMatchObject({ scan_name: 'Kept by the backup' });
    expect(((await (await read('/api/settings')).json()) as { api: object }).api).toEqual(settings);

    // A running server holds connections: a restore under it is refused, even with --force.
    const underServer = await cli(target, 'restore', gzFile, '--force');
    expect(underServer.code).toBe(1);
    expect(underServer.stderr).toMatch(
      /other connections? (is|are) open .*stop the NetGuard server/,
    );
    await second.stop();

    // The security event log's hash chains survived byte for byte.
    const verified = await cli(target, 'events', 'verify');
    expect(verified.code, verified.stdout + verified.stderr).toBe(0);
  });

  it('refuses a database that holds accounts unless --force, which replaces it', {
    timeout: 120_000,
  }, async () => {
    const refused = await cli(target, 'restore', gzFile);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain('already holds accounts or organizations');
    expect(refused.stderr).toContain('--force');
    const forced = await cli(target, 'restore', sqlFile, '--force');
    expect(forced.code, forced.stderr).toBe(0);
    expect(forced.stdout).toContain('replaced (--force)');
    const listed = await cli(target, 'users', 'list');
    expect(listed.stdout).toMatch(new RegExp(`^${EMAIL}\\tconfirmed\\t`, 'm'));
    expect(listed.stdout.trim().split('\n')).toHaveLength(1);
  });

  it('rejects a cut-short, altered or newer file against an external DATABASE_URL, leaving nothing behind', {
    timeout: 120_000,
  }, async () => {
    const cluster = await externalCluster();
    const text = await fs.readFile(sqlFile, 'utf8');
    const attempt = async (name: string, content: string | Buffer) => {
      const file = path.join(root, name);
      await fs.writeFile(file, content);
      const result = await cliOn(cluster.url, ['restore', file]);
      expect(result.code).toBe(1);
      expect(await tableCount(cluster.url)).toBe(0);
      return result.stderr;
    };

    // Cut inside the users table's rows.
    const cut = text.slice(0, text.indexOf(EMAIL) + 5);
    expect(await attempt('cut.sql', cut)).toMatch(
      /^Restore failed, nothing was changed: the file ends early inside the rows of table users \(/,
    );
    expect(await attempt('cut.sql.gz', gzipSync(text).subarray(0, 2000))).toMatch(
      /^Restore failed, nothing was changed: the file ends early/,
    );
    // One letter of the email changed: PostgreSQL takes the row, the checksum does not.
    expect(await attempt('altered.sql', text.replace(EMAIL, 'backup@exbmple.com'))).toContain(
      'does not match its checksum',
    );
    // A value PostgreSQL refuses: the load stops at that table.
    const badUuid = text.replace(/(COPY public\."users" [^\n]*\n)[0-9a-f]{8}/, '$1zzzzzzzz');
    expect(await attempt('bad.sql', badUuid)).toMatch(
      /table users \(rows from line \d+\): invalid input syntax for type uuid/,
    );
    const future = text.replace(
      /^-- Migration level: .*$/m,
      '-- Migration level: 0099_future (9999999999999)',
    );
    expect(await attempt('future.sql', future)).toContain(
      `newer than this NetGuard's newest (${NEWEST})`,
    );
    expect(await attempt('other.sql', 'select 1;\n')).toContain('not a NetGuard backup');

    // The good file loads; under another secret key the restore says what that costs.
    const good = await cliOn(cluster.url, ['restore', sqlFile], {
      NETGUARD_SECRET_KEY: 'another-secret-key-for-netguard',
    });
    expect(good.code, good.stderr).toBe(0);
    expect(good.stderr).toContain('Warning: the backup was taken under another secret key');
    const users = await query<{ email: string }>(cluster.url, 'select email from users');
    expect(users).toEqual([{ email: EMAIL }]);
    // A backup of the restored database holds the same rows, byte for byte.
    const copy = path.join(root, 'copy.sql');
    expect((await cliOn(cluster.url, ['backup', '--output', copy])).code).toBe(0);
    const body = (dump: string) => dump.replace(/^-- (Taken at|NetGuard dump complete): .*$/gm, '');
    expect(body(await fs.readFile(copy, 'utf8'))).toBe(body(text));
  });

  it('restores a backup taken at an older migration level, then migrates it to the newest', {
    timeout: 60_000,
  }, async () => {
    const cluster = await externalCluster();
    const databaseUrl = (name: string) => cluster.url.replace(/\/restored$/, `/${name}`);
    await query(cluster.url, 'create database older');
    await query(cluster.url, 'create database upgraded');
    const older = committedMigrations()[8]!;
    const client = new pg.Client({ connectionString: databaseUrl('older') });
    await client.connect();
    try {
      await client.query('begin');
      await migrateInTransaction(client, older.when);
      await client.query('commit');
      await client.query(
        `insert into users (email, password_hash) values ('older@example.com', 'not-a-hash')`,
      );
    } finally {
      await client.end();
    }
    const file = path.join(root, 'older.sql.gz');
    const backup = await cliOn(databaseUrl('older'), ['backup', '--output', file]);
    expect(backup.code, backup.stderr).toBe(0);
    expect(backup.stdout).toContain(`Migration level ${older.tag}:`);
    const restored = await cliOn(databaseUrl('upgraded'), ['restore', file]);
    expect(restored.code, restored.stderr).toBe(0);
    expect(restored.stdout).toContain(`at migration ${older.tag})`);
    expect(restored.stdout).toContain(`The database is at migration ${NEWEST}`);
    const upgraded = databaseUrl('upgraded');
    expect(await query(upgraded, 'select email from users')).toEqual([
      { email: 'older@example.com' },
    ]);
    const [latest] = await query<{ n: string }>(
      upgraded,
      'select count(*) as n from drizzle.__drizzle_migrations',
    );
    expect(Number(latest!.n)).toBe(committedMigrations().length);
    // The newest migration's column, filled by its default on the way up.
    expect(await query(upgraded, 'select password_classes from security_policies limit 0')).toEqual(
      [],
    );
  });
});
