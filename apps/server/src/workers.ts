import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import type { Transport } from '@netguard/cloud';
import {
  DEFAULT_PRODUCT_IDS,
  type TTierTable,
  ZScanChunkJob,
  ZScanPlanJob,
} from '@netguard/contracts';
import type {
  AppConfig,
  CloudEndpoints,
  FeedSettings,
  ScanSettings,
  SsoDnsSettings,
} from './config.ts';
import { createDatabase, type Executor } from './db/client.ts';
import { isDatabaseUnavailable, whenDatabaseUp } from './db/outage.ts';
import { configuredEgress, type ServerEgress } from './lib/egress.ts';
import { runJob, runTask } from './lib/job-context.ts';
import type { Logger } from './lib/logger.ts';
import { loadSecretKey } from './lib/secret-key.ts';
import { tierTable } from './modules/billing/billing.plans.ts';
import type { CloudJobDeps } from './modules/cloud/cloud.jobs.ts';
import { createCloudQueue } from './modules/cloud/cloud.queue.ts';
import { type CloudScanners, configuredScanners } from './modules/cloud/cloud.scanners.ts';
import { createCloudSecrets } from './modules/cloud/cloud.secrets.ts';
import { sweepCloudScans, workCloudScans } from './modules/cloud/cloud.worker.ts';
import type { Deployment } from './modules/evidence/collectors/types.ts';
import { deploymentOf } from './modules/evidence/evidence.deployment.ts';
import { createKeySealer } from './modules/evidence/evidence.keys.ts';
import { createEvidenceQueue } from './modules/evidence/evidence.queue.ts';
import { workEvidence } from './modules/evidence/evidence.worker.ts';
import { startFeedSchedule } from './modules/feeds/feeds.schedule.ts';
import type { Metrics } from './modules/metrics/metrics.ts';
import { createRemediationModule } from './modules/remediation/remediation.module.ts';
import { workRemediation } from './modules/remediation/remediation.worker.ts';
import { workReports } from './modules/reports/reports.jobs.ts';
import { createReportQueue } from './modules/reports/reports.queue.ts';
import { type JobDeps, runChunk, runPlan } from './modules/scans/scans.jobs.ts';
import {
  CHUNK_QUEUE,
  createScanQueue,
  JOBS_PG_CHANNEL,
  PLAN_QUEUE,
} from './modules/scans/scans.queue.ts';
import { sweepScans } from './modules/scans/scans.sweep.ts';
import { watchScans } from './modules/scans/scans.watch.ts';
import { workEcho } from './modules/selftest/echo.queue.ts';
import { createSiemSecrets } from './modules/siem/siem.config.ts';
import { createSiemQueue, workSiemForwarders } from './modules/siem/siem.worker.ts';
import { startPeriodicJobs } from './periodic-jobs.ts';
import { createListener } from './realtime/listener.ts';

const POLL_SECONDS = 0.5;
/** Without a configured policy: the built-in deny list alone, loopback for operators only. */
const BUILT_IN_EGRESS = {
  egress: { allowedRanges: [], deniedRanges: [] },
  host: '0.0.0.0',
  port: 0,
  metricsPort: 0,
  operators: [],
};
const SWEEP_MS = 2_000;

export type Workers = { workerId: string; stop: () => Promise<void> };

/** Where e-mail notices go; without it the workers send none and run no scheduled re-scans. */
export type NoticeOptions = { smtpUrl?: string; from: string; publicUrl: string };

export const noticeOptions = (config: AppConfig): NoticeOptions => ({
  smtpUrl: config.smtpUrl,
  from: config.mailFrom,
  publicUrl: config.publicUrl,
});

/** The egress policy of a worker process, built on its database (where operators are marked). */
export type WorkerEgress = (db: Executor) => ServerEgress;

/** The workers a NetGuard process runs with its configuration (the API's or `netguard worker`). */
export const startConfiguredWorkers = (
  config: AppConfig,
  url: string,
  log: Logger,
  metrics: Pick<Metrics, 'chunkDuration'>,
): Promise<Workers> =>
  startWorkers({
    url,
    settings: config.scans,
    log,
    notices: noticeOptions(config),
    feeds: config.feeds,
    metrics,
    cloud: {
      secret: loadSecretKey(config.secretKey, config.dataDir),
      scanners: configuredScanners(config.cloudEndpoints),
      endpoints: config.cloudEndpoints,
    },
    egress: (db) => configuredEgress(config, db, [url]),
    ssoDns: config.ssoDns,
    evidence: { deployment: deploymentOf(config) },
    tiers: tierTable(config.stripe),
  });

/**
 * Starts scan workers on the database: the planning queue, `workerConcurrency` chunk workers and
 * the stale-job sweep. stop() aborts in-flight chunks (they are retried) and waits for them.
 */
export async function startWorkers(options: {
  url: string;
  settings: ScanSettings;
  log: Logger;
  notices?: NoticeOptions;
  /** Scheduled feed imports; without it this process imports none. */
  feeds?: FeedSettings;
  /** Where chunk run times are recorded (the API's /metrics when in one process). */
  metrics?: Pick<Metrics, 'chunkDuration'>;
  /**
   * Cloud scans and SIEM forwarders: the key that opens the stored credentials, and the cloud
   * provider scanners. Without it this process runs neither.
   */
  cloud?: {
    secret: string;
    scanners: CloudScanners;
    endpoints?: CloudEndpoints;
    /** How remediation reaches cloud APIs (tests: an agent trusting their CA). */
    transport?: Transport;
  };
  /**
   * Where scans, SIEM forwarders, cloud scans and remediation may connect (the egress policy);
   * default the built-in policy alone. Tests pass their app's (`() => ctx.app.egress`).
   */
  egress?: WorkerEgress;
  /** How the periodic jobs look up SSO domains; without it they re-check none. */
  ssoDns?: SsoDnsSettings;
  /** Evidence collection (with `cloud`, whose key seals the signing keys): what it reads of the deployment. */
  evidence?: { deployment: Deployment };
  /** The product ids of the paid tiers (Stripe's when configured); default the local provider's. */
  tiers?: TTierTable;
}): Promise<Workers> {
  const { settings, log } = options;
  const database = createDatabase(options.url, { max: settings.workerConcurrency * 2 + 4 });
  const egress = (options.egress ?? ((db) => configuredEgress(BUILT_IN_EGRESS, db, [options.url])))(
    database.db,
  );
  const queue = createScanQueue({
    url: options.url,
    timeoutSeconds: settings.timeoutSeconds,
    log,
    supervise: true,
  });
  await whenDatabaseUp(queue.start, { log, task: 'the job queue' });
  const shutdown = new AbortController();
  const workerId = `${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;
  // Pollers sleep up to POLL_SECONDS between fetches; jobs sent by any process wake them.
  const pollers = new Map<string, string[]>([
    [PLAN_QUEUE, []],
    [CHUNK_QUEUE, []],
  ]);
  const jobNews = createListener({
    url: options.url,
    channel: JOBS_PG_CHANNEL,
    log,
    onMessage: (name) => {
      for (const id of pollers.get(name) ?? []) queue.boss.notifyWorker(id);
    },
  });
  const scanWatch = watchScans({ url: options.url, log });
  const deps: JobDeps = {
    db: database.db,
    queue,
    settings,
    workerId,
    log,
    shutdown: shutdown.signal,
    watch: scanWatch.watch,
    chunkDuration: options.metrics?.chunkDuration,
    egress,
  };
  const work = { pollingIntervalSeconds: POLL_SECONDS, batchSize: 1 };

  pollers.get(PLAN_QUEUE)?.push(
    await queue.boss.work(PLAN_QUEUE, work, async (jobs) => {
      for (const job of jobs)
        await runJob(log, job, (jobLog) =>
          runPlan({ ...deps, log: jobLog }, ZScanPlanJob.parse(job.data).scan_id),
        );
    }),
  );
  for (let i = 0; i < settings.workerConcurrency; i++) {
    pollers.get(CHUNK_QUEUE)?.push(
      await queue.boss.work(CHUNK_QUEUE, work, async (jobs) => {
        for (const job of jobs)
          await runJob(log, job, (jobLog) =>
            runChunk({ ...deps, log: jobLog }, ZScanChunkJob.parse(job.data).chunk_id),
          );
      }),
    );
  }
  await workReports(createReportQueue(queue), { db: database.db, log });
  await workEcho(queue, workerId);
  if (options.cloud) {
    const cloudDeps: CloudJobDeps = {
      db: database.db,
      secrets: createCloudSecrets(options.cloud.secret),
      scanners: options.cloud.scanners,
      scope: { allow: settings.allowedRanges, deny: settings.deniedRanges },
      egress,
      log,
      shutdown: shutdown.signal,
    };
    await workCloudScans(createCloudQueue(queue), cloudDeps);
  }
  const stopSiem = options.cloud
    ? await workSiemForwarders(createSiemQueue(queue), {
        url: options.url,
        db: database.db,
        pool: database.pool,
        secrets: createSiemSecrets(options.cloud.secret),
        egress,
        log,
        shutdown: shutdown.signal,
      })
    : undefined;
  const remediation = options.cloud
    ? createRemediationModule({
        db: database.db,
        secret: options.cloud.secret,
        jobs: queue,
        cloudEndpoints: options.cloud.endpoints ?? {},
        cloudTransport: options.cloud.transport,
        scope: { allow: settings.allowedRanges, deny: settings.deniedRanges },
        egress,
      })
    : undefined;
  const stopRemediation = remediation
    ? await workRemediation(remediation.queue, {
        db: database.db,
        drivers: remediation.drivers,
        log,
        shutdown: shutdown.signal,
      })
    : undefined;
  const evidenceQueue = createEvidenceQueue(queue);
  const evidence =
    options.cloud && options.evidence
      ? { sealer: createKeySealer(options.cloud.secret), send: evidenceQueue.send }
      : undefined;
  const stopEvidence =
    evidence && options.evidence
      ? await workEvidence(evidenceQueue, {
          db: database.db,
          sealer: evidence.sealer,
          deployment: options.evidence.deployment,
          log,
          shutdown: shutdown.signal,
        })
      : undefined;
  let sweeping = false;
  const sweep = setInterval(() => {
    if (sweeping || shutdown.signal.aborted) return;
    sweeping = true;
    // Under its own id (`sweep:<random>`), which the jobs it sends again carry.
    runTask(log, 'sweep', (taskLog) =>
      Promise.all([sweepScans({ ...deps, log: taskLog }), sweepCloudScans(database.db)]).catch(
        (error: unknown) => {
          if (!isDatabaseUnavailable(error))
            taskLog.error({ err: error, component: 'jobs' }, 'scan sweep failed');
        },
      ),
    ).finally(() => {
      sweeping = false;
    });
  }, SWEEP_MS);
  const periodic = options.notices
    ? startPeriodicJobs({
        db: database.db,
        queue,
        settings,
        log,
        notices: options.notices,
        shutdown,
        ssoDns: options.ssoDns,
        egress,
        evidence,
        tiers: options.tiers ?? DEFAULT_PRODUCT_IDS,
      })
    : undefined;
  const feedSchedule = options.feeds
    ? startFeedSchedule({
        db: database.db,
        pool: database.pool,
        settings: options.feeds,
        log,
        shutdown: shutdown.signal,
      })
    : undefined;
  log.info({ component: 'jobs', workerId }, 'scan workers started');

  let stopped: Promise<void> | null = null;
  return {
    workerId,
    stop() {
      stopped ??= (async () => {
        clearInterval(sweep);
        if (periodic) clearInterval(periodic);
        if (feedSchedule) clearInterval(feedSchedule);
        shutdown.abort();
        await stopSiem?.();
        await stopRemediation?.();
        await stopEvidence?.();
        await scanWatch.close();
        await jobNews.close();
        await queue.stop().catch((error: unknown) => log.error({ err: error }, 'stopping workers'));
        await database.close();
      })();
      return stopped;
    },
  };
}
