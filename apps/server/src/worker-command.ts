import Fastify from 'fastify';
import { migrateDatabase, openDatabase } from './bootstrap.ts';
import { loadConfig } from './config.ts';
import { surviveDatabaseOutages, whenDatabaseUp } from './db/outage.ts';
import { createLogger } from './lib/logger.ts';
import { registerMetricsRoute } from './modules/metrics/metrics.routes.ts';
import { createMetrics } from './modules/metrics/metrics.ts';
import { startConfiguredWorkers } from './workers.ts';

/**
 * `netguard worker`: scan workers only, for scale-out against the same DATABASE_URL. Stops
 * gracefully on SIGINT/SIGTERM (in-flight chunks are left for another worker).
 */
export async function runWorkerCommand(): Promise<void> {
  const config = loadConfig();
  const log = createLogger(config.logLevel);
  surviveDatabaseOutages(log);
  const database = await openDatabase(config, log, { adoptOrphan: true });
  await whenDatabaseUp(() => migrateDatabase(database.url), { log, task: 'migration' });
  const metrics = createMetrics();
  const workers = await startConfiguredWorkers(config, database.url, log, metrics);
  // A worker has no API: with METRICS_TOKEN set, its chunk timings are served on METRICS_PORT.
  const exporter = config.metricsToken ? Fastify() : undefined;
  if (exporter) {
    registerMetricsRoute(exporter, metrics, config.metricsToken);
    await exporter.listen({ port: config.metricsPort, host: config.host });
  }
  console.log(`NetGuard worker ${workers.workerId} is ready`);
  let stopping = false;
  const stop = async () => {
    if (stopping) return;
    stopping = true;
    await workers.stop();
    await exporter?.close();
    await database.stop().catch(() => undefined);
    process.exit(0);
  };
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const)
    process.once(signal, () => void stop());
}
