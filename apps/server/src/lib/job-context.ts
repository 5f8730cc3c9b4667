import { randomUUID } from 'node:crypto';
import type { Logger } from './logger.ts';
import { currentTrace, isRequestId, withTrace } from './request-id.ts';

/** What the workers read of a pg-boss job. */
export type TracedJob = { id: string; name: string; data: unknown };

/**
 * A job's payload with the request id of the running trace (the API request that enqueues it,
 * or the job or task that does), so the worker that runs it logs under the same id.
 */
export function withRequestId<T extends object>(data: T): T & { request_id?: string } {
  const requestId = currentTrace()?.requestId;
  return requestId ? { ...data, request_id: requestId } : data;
}

/** The request id a job was sent with; `job:<id>` for one that came without (or a bad one). */
export function jobRequestId(job: TracedJob): string {
  const given = (job.data as { request_id?: unknown } | null)?.request_id;
  return isRequestId(given) ? given : `job:${job.id}`;
}

/**
 * Runs one pg-boss job: a child logger with its reqId, jobId and queue, handed to `work` and used
 * for everything the job logs, sends (jobs it enqueues carry the same request id) or publishes.
 * Logs the job's end; a failure is logged and thrown again for pg-boss to retry.
 */
export async function runJob<T>(
  log: Logger,
  job: TracedJob,
  work: (log: Logger) => Promise<T>,
): Promise<T> {
  const requestId = jobRequestId(job);
  const jobLog = log.child({ reqId: requestId, jobId: job.id, queue: job.name });
  return withTrace({ requestId, log: jobLog }, async () => {
    const started = performance.now();
    jobLog.debug('job started');
    try {
      const result = await work(jobLog);
      jobLog.info({ durationMs: Math.round(performance.now() - started) }, 'job finished');
      return result;
    } catch (error) {
      jobLog.warn(
        { err: error, durationMs: Math.round(performance.now() - started) },
        'job failed',
      );
      throw error;
    }
  });
}

/**
 * Runs background work no request started (a schedule's tick, the sweep) under its own id,
 * `<kind>:<random>`, so its log lines and the jobs it sends can be followed like a request's.
 */
export function runTask<T>(
  log: Logger,
  kind: string,
  work: (log: Logger) => Promise<T>,
): Promise<T> {
  const requestId = `${kind}:${randomUUID().slice(0, 8)}`;
  const taskLog = log.child({ reqId: requestId });
  return withTrace({ requestId, log: taskLog }, () => work(taskLog));
}
