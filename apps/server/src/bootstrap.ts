import type { AppConfig } from './config.ts';
import { createDatabase } from './db/client.ts';
import { type EmbeddedHandle, startEmbeddedPostgres } from './db/embedded.ts';
import { runMigrations } from './db/migrate.ts';
import type { Logger } from './lib/logger.ts';

export type OpenedDatabase = { url: string; embedded: boolean; stop: () => Promise<void> };

/**
 * Returns the database URL: DATABASE_URL, or the embedded PostgreSQL in the data dir (started
 * here, or reused when a running server already started it).
 */
export async function openDatabase(
  config: AppConfig,
  log: Logger,
  options: { adoptOrphan?: boolean } = {},
): Promise<OpenedDatabase> {
  if (config.databaseUrl) {
    return { url: config.databaseUrl, embedded: false, stop: async () => undefined };
  }
  const handle: EmbeddedHandle = await startEmbeddedPostgres({
    dataDir: config.dataDir,
    port: config.pgPort,
    adoptOrphan: options.adoptOrphan,
    log: (message) => log.debug({ component: 'postgres' }, message),
    restartOnExit: true,
    warn: (message) => log.warn({ component: 'postgres' }, message),
  });
  log.info(
    { component: 'postgres', owned: handle.owned },
    `Embedded PostgreSQL ready (data in ${config.dataDir}/pg)`,
  );
  return { url: handle.url, embedded: true, stop: handle.stop };
}

/** Applies pending migrations over a short-lived connection. */
export async function migrateDatabase(url: string): Promise<void> {
  const database = createDatabase(url, { max: 1 });
  try {
    await runMigrations(database);
  } finally {
    await database.close();
  }
}
