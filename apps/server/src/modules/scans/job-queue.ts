import type PgBoss from 'pg-boss';
import { withRequestId } from '../../lib/job-context.ts';
import { retryDeadlock, type ScanQueue } from './scans.queue.ts';

export type JobQueueOptions = {
  /** Attempts after the first one; the job fails for good inside itself, retries cover dead workers. */
  retryLimit: number;
  retryDelay: number;
  expireInSeconds: number;
  /** pg-boss queue policy; `short` keeps one waiting job per singleton key. Default standard. */
  policy?: 'standard' | 'short' | 'singleton' | 'stately';
};

/**
 * A queue of its own on the pg-boss instance of the scan queues, created on first use. Jobs carry
 * ids only, and the id of the request that sent them.
 */
export function createJobQueue<Payload extends object>(
  jobs: Pick<ScanQueue, 'boss' | 'start'>,
  name: string,
  options: JobQueueOptions,
) {
  let ready: Promise<void> | null = null;
  const ensure = () => {
    ready ??= (async () => {
      await jobs.start();
      await retryDeadlock(() => jobs.boss.createQueue(name, { name, ...options }));
    })().catch((error: unknown) => {
      ready = null;
      throw error;
    });
    return ready;
  };
  return {
    boss: jobs.boss,
    ensure,
    async sendJob(payload: Payload, options?: PgBoss.SendOptions) {
      await ensure();
      await jobs.boss.send(name, withRequestId(payload), options ?? {});
    },
  };
}
