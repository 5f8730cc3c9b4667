// The SIEM forwarders of a worker process: a pg-boss job per integration with events waiting
// (one waiting job per integration at most), sent when the outbox announces events and by a
// sweep that finds any integration with due events every 2 s (a paused integration whose
// back-off ended, after a killed worker or a lost notice). A job runs forwardIntegration once.

import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Executor } from '../../db/client.ts';
import { runJob } from '../../lib/job-context.ts';
import { createListener } from '../../realtime/listener.ts';
import { createJobQueue } from '../scans/job-queue.ts';
import type { ScanQueue } from '../scans/scans.queue.ts';
import { type ForwarderDeps, forwardIntegration, RUN_BUDGET_MS } from './siem.forwarder.ts';
import { SIEM_PG_CHANNEL } from './siem.outbox.ts';

export const SIEM_FORWARD_QUEUE = 'siem-forward';
const ZForwardJob = z.object({ integration_id: z.uuid() });
/** Integrations with due events are looked for this often. */
const SWEEP_MS = 2_000;
/** Delivery logs past their integration's retention are purged this often. */
const PURGE_MS = 60 * 60 * 1000;

export function createSiemQueue(jobs: Pick<ScanQueue, 'boss' | 'start'>) {
  const queue = createJobQueue<{ integration_id: string }>(jobs, SIEM_FORWARD_QUEUE, {
    // A run that dies with its worker is sent again by the sweep; pg-boss need not retry it.
    retryLimit: 0,
    retryDelay: 1,
    expireInSeconds: Math.ceil((RUN_BUDGET_MS * 3) / 1000) + 60,
    policy: 'short',
  });
  return {
    ...queue,
    send: (integrationId: string) =>
      queue.sendJob({ integration_id: integrationId }, { singletonKey: integrationId }),
  };
}

export type SiemQueue = ReturnType<typeof createSiemQueue>;

/** Starts the forwarders of this process; returns a stop function. */
export async function workSiemForwarders(
  queue: SiemQueue,
  deps: ForwarderDeps & { url: string },
): Promise<() => Promise<void>> {
  await queue.ensure();
  const workerId = await queue.boss.work(
    SIEM_FORWARD_QUEUE,
    { pollingIntervalSeconds: 0.5, batchSize: 1 },
    async (jobs) => {
      for (const job of jobs)
        await runJob(deps.log, job, async (log) => {
          const id = ZForwardJob.parse(job.data).integration_id;
          const result = await forwardIntegration({ ...deps, log }, id);
          // A paused integration ('later') is left to the sweep, which finds it once its back-off
          // ends: a delayed job would hold the one waiting slot and hide a Replay's wake-up.
          if (result.next === 'now') await wake(id);
        });
    },
  );
  const wake = async (integrationId: string) => {
    await queue.send(integrationId);
    queue.boss.notifyWorker(workerId);
  };
  const listener = createListener({
    url: deps.url,
    channel: SIEM_PG_CHANNEL,
    log: deps.log,
    onMessage: (id) => {
      if (z.uuid().safeParse(id).success)
        wake(id).catch((error: unknown) =>
          deps.log.warn({ err: error, component: 'siem' }, 'could not queue a forwarder'),
        );
    },
  });
  let lastPurge = 0;
  let sweeping = false;
  const sweep = setInterval(() => {
    if (sweeping || deps.shutdown?.aborted) return;
    sweeping = true;
    (async () => {
      for (const id of await dueIntegrations(deps.db)) await wake(id);
      if (Date.now() - lastPurge > PURGE_MS) {
        lastPurge = Date.now();
        await purgeExpiredLogs(deps.db);
      }
    })()
      .catch((error: unknown) =>
        deps.log.warn({ err: error, component: 'siem' }, 'siem sweep failed'),
      )
      .finally(() => {
        sweeping = false;
      });
  }, SWEEP_MS);
  return async () => {
    clearInterval(sweep);
    await listener.close();
  };
}

/** Integrations with pending events and no back-off running. */
export async function dueIntegrations(db: Executor): Promise<string[]> {
  const result = await db.execute(sql`
    select i.id from siem_integrations i
    where (i.retry_at is null or i.retry_at <= now())
      and exists (select 1 from siem_deliveries d
                  where d.integration_id = i.id and d.state = 'pending')`);
  return (result.rows as { id: string }[]).map((r) => r.id);
}

/**
 * Deletes delivered and dead-lettered entries older than their integration's dataRetention, and
 * outbox events no integration holds any more (kept a day for integrations added later).
 */
export async function purgeExpiredLogs(db: Executor): Promise<void> {
  await db.execute(sql`
    delete from siem_deliveries d using siem_integrations i
    where d.integration_id = i.id and d.state <> 'pending'
      and d.queued_at < now() - make_interval(days => (i.settings->>'dataRetention')::int)`);
  await db.execute(sql`
    delete from siem_events e where e.created_at < now() - interval '1 day'
      and not exists (select 1 from siem_deliveries d where d.event_id = e.id)`);
}
