import { setTimeout as delay } from 'node:timers/promises';
import { sql } from 'drizzle-orm';
import PgBoss from 'pg-boss';
import type { Executor } from '../../db/client.ts';
import { isDatabaseUnavailable } from '../../db/outage.ts';
import { withRequestId } from '../../lib/job-context.ts';
import type { Logger } from '../../lib/logger.ts';

export const PLAN_QUEUE = 'scan-plan';
export const CHUNK_QUEUE = 'scan-chunk';
export const JOB_RETRY_LIMIT = 3;
/** PostgreSQL channel told a queue's name when jobs are sent to it: idle workers fetch at once. */
export const JOBS_PG_CHANNEL = 'netguard_scan_jobs';

export type PlanJob = { scan_id: string; request_id?: string };
export type ChunkJob = { chunk_id: string; request_id?: string };

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

/** Whether pg-boss has made its tables in this database (a process started a queue on it). */
async function jobTablesExist(tx: Executor): Promise<boolean> {
  const found = await tx.execute(sql`select to_regclass('pgboss.job') is not null as ok`);
  return Boolean((found.rows[0] as { ok?: boolean } | undefined)?.ok);
}

/**
 * Deletes the waiting jobs of a scan's chunks that will not run any more (cancelled with their
 * scan), so that workers spend no turn on them and the next scan's chunks come first. Jobs a
 * worker already holds are left: that worker sees the scan ended and stops.
 */
export async function dropChunkJobs(tx: Executor, scanId: string): Promise<void> {
  if (!(await jobTablesExist(tx))) return;
  await tx.execute(sql`
    delete from pgboss.job
    where name = ${CHUNK_QUEUE} and state in ('created', 'retry')
      and data->>'chunk_id' in (
        select id::text from scan_chunks where scan_id = ${scanId} and status = 'cancelled'
      )`);
}

/**
 * Queued chunks of running scans that no job will run: their job was lost (sent while the
 * database went down) more than `graceSeconds` ago. The sweep sends them again.
 */
export async function unsentChunkIds(tx: Executor, graceSeconds: number): Promise<string[]> {
  if (!(await jobTablesExist(tx))) return [];
  const found = await tx.execute(sql`
    select c.id from scan_chunks c join scans s on s.id = c.scan_id
    where s.status = 'running' and c.status = 'queued'
      and coalesce(c.heartbeat_at, c.created_at) < now() - make_interval(secs => ${graceSeconds})
      and c.id::text not in (
        select data->>'chunk_id' from pgboss.job where name = ${CHUNK_QUEUE} and state < 'completed'
      )
    limit 500`);
  return (found.rows as { id: string }[]).map((row) => row.id);
}

/**
 * The pg-boss queues of scans (schema "pgboss" in the app database). Jobs carry ids only, and
 * the request id of the request (or job) that sent them.
 */
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
  // Handled here, never thrown: during a database outage every poll fails until it returns.
  boss.on('error', (error) => {
    if (isDatabaseUnavailable(error))
      options.log.warn({ err: error, component: 'jobs' }, 'job queue: database unreachable');
    else options.log.error({ err: error, component: 'jobs' }, 'pg-boss error');
  });
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
  const announce = (name: string) =>
    boss.getDb().executeSql('select pg_notify($1, $2)', [JOBS_PG_CHANNEL, name]);
  return {
    boss,
    start,
    async sendPlan(scanId: string) {
      await start();
      await boss.send(PLAN_QUEUE, withRequestId({ scan_id: scanId }) satisfies PlanJob);
      await announce(PLAN_QUEUE);
    },
    async sendChunks(chunkIds: string[]) {
      if (chunkIds.length === 0) return;
      await start();
      const jobs = chunkIds.map((id) => withRequestId({ chunk_id: id }) satisfies ChunkJob);
      await boss.insert(jobs.map((data) => ({ name: CHUNK_QUEUE, data })));
      await announce(CHUNK_QUEUE);
    },
    async stop() {
      if (!started) return;
      await started.catch(() => undefined);
      await boss.stop({ graceful: true, wait: true, timeout: 10_000 });
    },
  };
}

export type ScanQueue = ReturnType<typeof createScanQueue>;
