import type { AddressInfo } from 'node:net';
import { buildApp } from './app.ts';
import { migrateDatabase, openDatabase } from './bootstrap.ts';
import { loadConfig } from './config.ts';
import { createDatabase } from './db/client.ts';
import { surviveDatabaseOutages, whenDatabaseUp } from './db/outage.ts';
import { createLogger } from './lib/logger.ts';
import { createMetrics } from './modules/metrics/metrics.ts';
import { announceOperatorSetup, openOperatorSetup } from './modules/operators/operator-setup.ts';
import { startConfiguredWorkers, type Workers } from './workers.ts';

/** Starts NetGuard: database (embedded if needed), migrations, HTTP server, scan workers; stops on signals. */
export async function startServer(): Promise<void> {
  const config = loadConfig();
  const log = createLogger(config.logLevel);
  surviveDatabaseOutages(log);
  const database = await openDatabase(config, log, { adoptOrphan: true });
  let app: Awaited<ReturnType<typeof buildApp>> | undefined;
  let workers: Workers | undefined;
  let stopping = false;
  const stop = async (code: number) => {
    if (stopping) return;
    stopping = true;
    await workers?.stop();
    await app?.close().catch((error: unknown) => log.error({ err: error }, 'closing the server'));
    await database.stop().catch((error: unknown) => log.error({ err: error }, 'stopping postgres'));
    log.info('NetGuard stopped');
    process.exit(code);
  };
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) {
    process.once(signal, () => void stop(0));
  }

  try {
    await whenDatabaseUp(() => migrateDatabase(database.url), { log, task: 'migration' });
    const metrics = createMetrics();
    app = await buildApp({ ...config, databaseUrl: database.url }, { metrics, log });
    await app.listen({ port: config.port, host: config.host });
    app.egress.listening({
      address: config.host,
      port: (app.server.address() as AddressInfo).port,
    });
    // API_WORKERS=off: separate `netguard worker` processes run the jobs.
    workers = !config.apiWorkers
      ? undefined
      : await startConfiguredWorkers(config, database.url, log, metrics);
  } catch (error) {
    log.fatal({ err: error }, 'NetGuard failed to start');
    await stop(1);
    return;
  }
  const { port } = app.server.address() as AddressInfo;
  console.log(`NetGuard is ready at http://localhost:${port}`);
  const owner = createDatabase(database.url, { max: 1 });
  try {
    const link = await openOperatorSetup(owner.db, config.operators, config.publicUrl);
    if (link) announceOperatorSetup(link, log);
  } catch (error) {
    log.error({ err: error }, 'the operator setup link could not be made');
  } finally {
    await owner.close();
  }
}
