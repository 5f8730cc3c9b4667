import { ZCloudScanJob } from '@netguard/contracts';
import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { runJob } from '../../lib/job-context.ts';
import { notifyRealtime } from '../../realtime/notify.ts';
import { type CloudJobDeps, runCloudScan } from './cloud.jobs.ts';
import { CLOUD_SCAN_QUEUE, type CloudQueue } from './cloud.queue.ts';

const WORK_OPTIONS = { pollingIntervalSeconds: 0.5, batchSize: 1 };
/** A queued or running scan with no heartbeat for this long, and no job left to run it, failed. */
const ORPHAN_SECONDS = 120;

/** Starts this process's cloud scan worker on the queue. */
export async function workCloudScans(queue: CloudQueue, deps: CloudJobDeps): Promise<void> {
  await queue.ensure();
  await queue.boss.work(CLOUD_SCAN_QUEUE, WORK_OPTIONS, async (jobs) => {
    for (const job of jobs)
      await runJob(deps.log, job, (log) =>
        runCloudScan({ ...deps, log }, ZCloudScanJob.parse(job.data).cloud_scan_id),
      );
  });
}

/**
 * Fails the cloud scans no job will finish: their job ran out of retries or was never sent, so
 * none is stuck in queued or running. Returns how many it failed.
 */
export async function sweepCloudScans(db: Executor): Promise<number> {
  const result = await db.execute(sql`
    update cloud_scans set status = 'error', phase = 'done', finished_at = now(),
      error = 'The worker running this scan stopped and no retry is left; run it again'
    where status in ('queued', 'running')
      and coalesce(heartbeat_at, created_at) < now() - make_interval(secs => ${ORPHAN_SECONDS})
      and id::text not in (
        select data->>'cloud_scan_id' from pgboss.job
        where name = ${CLOUD_SCAN_QUEUE} and state < 'completed')
    returning id, organization_id`);
  const failed = result.rows as { id: string; organization_id: string }[];
  for (const scan of failed)
    await notifyRealtime(db, { table: 'cloud_scans', event: 'UPDATE', ...scan });
  return failed.length;
}
