import { setTimeout as delay } from 'node:timers/promises';
import PgBoss from 'pg-boss';
import type { Logger } from '../../lib/logger.ts';

export const PLAN_QUEUE = 'scan-plan';
export const CHUNK_QUEUE = 'scan-chunk';
export const JOB_RETRY_LIMIT = 3;

export type PlanJob = { scan_id: string };
export type ChunkJob = { chunk_id: string };

/** Processes starting together can deadlock inside pg-boss's create_queue(); try again. */
export async function retryDeadlock(fn: () => Promise<void>): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await fn();
    } catch (error) {
      if ((error as { code?: string }).code !== '40P01' || attempt >= 5) throw error;
      await delay(50 + Math.random() * 200 * attempt);
    }
  }
}

/** The pg-boss queues of scans (schema "pgboss" in the app database). Jobs carry ids only. */
export function createScanQueue(options: {
  url: string;
  timeoutSeconds: number;
  log: Logger;
  /** Run pg-boss maintenance (expiry, archiving) in this process. */
  supervise: boolean;
}) {
  const boss = new PgBoss({
    connectionString: options.url,
    schema: 'pgboss',
    max: 4,
    supervise: options.supervise,
    schedule: false,
    application_name: 'netguard-jobs',
  });
  boss.on('error', (error) =>
    options.log.error({ err: error, component: 'jobs' }, 'pg-boss error'),
  );
  const queueOptions = {
    retryLimit: JOB_RETRY_LIMIT,
    retryDelay: 1,
    expireInSeconds: options.timeoutSeconds,
  };
  let started: Promise<void> | null = null;
  // Started on first use, so an API whose database is briefly down still boots (health says 503).
  const start = () => {
    started ??= (async () => {
      await boss.start();
      for (const name of [PLAN_QUEUE, CHUNK_QUEUE]) {
        await retryDeadlock(() => boss.createQueue(name, { name, ...queueOptions }));
      }
    })().catch((error: unknown) => {
      started = null;
      throw error;
    });
    return started;
  };
  return {
    boss,
    start,
    async sendPlan(scanId: string) {
      await start();
      await boss.send(PLAN_QUEUE, { scan_id: scanId } satisfies PlanJob);
    },
    async sendChunks(chunkIds: string[]) {
      if (chunkIds.length === 0) return;
      await start();
      await boss.insert(chunkIds.map((id) => ({ name: CHUNK_QUEUE, data: { chunk_id: id } })));
    },
    async stop() {
      if (!started) return;
      await started.catch(() => undefined);
      await boss.stop({ graceful: true, wait: true, timeout: 10_000 });
    },
  };
}

export type ScanQueue = ReturnType<typeof createScanQueue>;
