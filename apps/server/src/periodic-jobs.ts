import type { TTierTable } from '@netguard/contracts';
import type { ScanSettings, SsoDnsSettings } from './config.ts';
import type { Executor } from './db/client.ts';
import { isDatabaseUnavailable } from './db/outage.ts';
import { runTask } from './lib/job-context.ts';
import type { Logger } from './lib/logger.ts';
import { createMailer, purgeExpiredMailLinks } from './lib/mailer.ts';
import type { Sealer } from './lib/sealed-secrets.ts';
import { purgeStaleAttempts } from './modules/auth/sign-in-attempts.repo.ts';
import { startDueCollections, writeDailyDigests } from './modules/evidence/evidence.schedule.ts';
import { sendCriticalAlerts } from './modules/incidents/alerts.ts';
import { evaluateAnomalyRules } from './modules/incidents/anomaly-rules.ts';
import { notifyFinishedScans } from './modules/notifications/notify-scans.ts';
import { sendWeeklyReports } from './modules/notifications/weekly-report.ts';
import { takeDueRiskSnapshots } from './modules/risk/risk.assess.ts';
import type { ScanEgress } from './modules/scans/scans.egress.ts';
import type { ScanQueue } from './modules/scans/scans.queue.ts';
import { createScanService } from './modules/scans/scans.service.ts';
import { runDueAutoScans } from './modules/settings/auto-scan.runner.ts';
import { createDomainChecker } from './modules/sso/sso.dns.ts';
import { recheckSsoDomains } from './modules/sso/sso.domains.ts';
import { createSubscriptionService } from './modules/subscription/subscription.service.ts';
import type { NoticeOptions } from './workers.ts';

const TICK_MS = 5_000;

/**
 * Every few seconds: mail the notices of finished scans, the weekly reports that are due,
 * start the scheduled re-scans that are due, take the hourly risk snapshots that are due, run
 * the anomaly rules over new security events, send the critical-event alerts, drop the links
 * of mails older than any token they may carry and check again the SSO domains that are due.
 * Each step claims its rows, so any number of workers can run this; a failing step is logged and
 * tried again on the next tick. It also starts the evidence collections whose schedule is due and
 * signs each organization's evidence digest at least daily. Each step of a tick runs under its own id (`schedule:<random>`),
 * which its log lines and the jobs it sends (a scheduled re-scan's) carry.
 */
export function startPeriodicJobs(deps: {
  db: Executor;
  queue: ScanQueue;
  settings: ScanSettings;
  log: Logger;
  notices: NoticeOptions;
  shutdown: AbortController;
  /** How SSO domains are looked up; without it this process re-checks none. */
  ssoDns?: SsoDnsSettings;
  /** What a scheduled re-scan may reach: what the user who ran the last scan may. */
  egress: ScanEgress;
  /** Scheduled evidence collection and daily digests; without it this process starts none. */
  evidence?: { sealer: Sealer; send: (runId: string) => Promise<void> };
  /** The product ids of the paid tiers (Stripe's when configured): what plan each organization is on. */
  tiers: TTierTable;
}): NodeJS.Timeout {
  const { db, log, notices, ssoDns, evidence } = deps;
  const domainChecker = ssoDns ? createDomainChecker(ssoDns) : undefined;
  const mailer = createMailer({ smtpUrl: notices.smtpUrl, from: notices.from, db, log });
  const scanService = createScanService({
    db,
    subscription: createSubscriptionService({ db, tiers: deps.tiers }),
    queue: deps.queue,
    settings: deps.settings,
    log,
    egress: deps.egress,
  });
  const steps: [string, (log: Logger) => Promise<unknown>][] = [
    ['scan notices', (l) => notifyFinishedScans(db, mailer, notices.publicUrl, l)],
    ['weekly reports', (l) => sendWeeklyReports(db, mailer, notices.publicUrl, l)],
    ['scheduled re-scans', (l) => runDueAutoScans(db, scanService, l)],
    ['risk snapshots', () => takeDueRiskSnapshots(db)],
    ['anomaly rules', () => evaluateAnomalyRules(db)],
    ['expired mail links', () => purgeExpiredMailLinks(db)],
    [
      'SSO domain checks',
      async (l) =>
        ssoDns && domainChecker
          ? recheckSsoDomains(db, domainChecker, { recheckHours: ssoDns.recheckHours, log: l })
          : undefined,
    ],
    ['stale password-check counts', () => purgeStaleAttempts(db)],
    [
      'evidence collection schedules',
      async () => (evidence ? startDueCollections(db, evidence.send, deps.tiers) : undefined),
    ],
    [
      'evidence daily digests',
      async () => (evidence ? writeDailyDigests(db, evidence.sealer) : undefined),
    ],
    [
      'critical alerts',
      (l) => sendCriticalAlerts({ db, mailer, publicUrl: notices.publicUrl, log: l }),
    ],
  ];
  let running = false;
  // While the database is down every step fails each tick: say so once, and once when it is back.
  let databaseDown = false;
  return setInterval(async () => {
    if (running || deps.shutdown.signal.aborted) return;
    running = true;
    let unavailable = false;
    for (const [name, step] of steps)
      await runTask(log, 'schedule', (taskLog) =>
        step(taskLog).catch((error: unknown) => {
          if (!isDatabaseUnavailable(error))
            return taskLog.error({ err: error, component: 'jobs' }, `${name} failed`);
          unavailable = true;
          if (!databaseDown) log.warn({ component: 'jobs' }, 'database unavailable: jobs paused');
          databaseDown = true;
        }),
      );
    if (databaseDown && !unavailable)
      log.info({ component: 'jobs' }, 'database back: jobs resumed');
    databaseDown = unavailable;
    running = false;
  }, TICK_MS);
}
