import { FEED_LABELS, FEED_SOURCE_VALUES, type TFeedSource } from '@netguard/contracts';
import type pg from 'pg';
import type { FeedSettings } from '../../config.ts';
import type { Executor } from '../../db/client.ts';
import { runTask } from '../../lib/job-context.ts';
import type { Logger } from '../../lib/logger.ts';
import { fetchFeed } from './feeds.fetch.ts';
import { runImport } from './feeds.import.ts';
import { lastScheduled } from './feeds.repo.ts';
import { FEED_TEXT } from './feeds.text.ts';
import { heldCves } from './feeds.write.ts';

const HOUR_MS = 3_600_000;
const TICK_MS = 60_000;

/** When the schedule runs next: the earliest source due (now for one never imported). */
export function nextRunAt(settings: FeedSettings, last: Map<TFeedSource, Date>): Date | null {
  if (settings.intervalHours === null) return null;
  const interval = settings.intervalHours * HOUR_MS;
  const due = FEED_SOURCE_VALUES.map((s) => (last.get(s)?.getTime() ?? 0) + interval);
  return new Date(Math.max(Date.now(), Math.min(...due)));
}

/** Imports each source whose last scheduled import is older than the interval. */
export async function runDueImports(deps: {
  db: Executor;
  pool: pg.Pool;
  settings: FeedSettings;
  log: Logger;
  signal: AbortSignal;
}): Promise<void> {
  const { db, settings, log, signal } = deps;
  if (settings.intervalHours === null) return;
  const interval = settings.intervalHours * HOUR_MS;
  const due = async (source: TFeedSource) =>
    Date.now() - ((await lastScheduled(db)).get(source)?.getTime() ?? 0) >= interval;
  for (const source of FEED_SOURCE_VALUES) {
    if (signal.aborted) return;
    if (!(await due(source))) continue;
    const outcome = await runImport(deps, {
      source,
      origin: settings.urls[source],
      trigger: 'schedule',
      stillDue: () => due(source),
      read: () => fetchFeed(source, settings, async () => [...(await heldCves(db))].sort(), signal),
    });
    if (outcome.busy) return;
    const { status, counts, errors } = outcome.value;
    if (status === 'failed') {
      log.warn(
        { component: 'feeds', source, status, errors },
        FEED_TEXT.scheduleFailed(FEED_LABELS[source], errors.join('; ')),
      );
      continue;
    }
    log.info({ component: 'feeds', source, status, counts }, 'feed imported');
  }
}

/**
 * The schedule: checks at start and every minute which sources are due; off (nothing fetched)
 * when the deployment is offline or the interval is 0.
 */
export function startFeedSchedule(
  deps: Omit<Parameters<typeof runDueImports>[0], 'signal'> & {
    shutdown: AbortSignal;
  },
): NodeJS.Timeout | undefined {
  if (deps.settings.intervalHours === null) return undefined;
  let running = false;
  const tick = () => {
    if (running || deps.shutdown.aborted) return;
    running = true;
    // Each tick under its own id (`feeds:<random>`), which its log lines carry.
    runTask(deps.log, 'feeds', (log) =>
      runDueImports({ ...deps, log, signal: deps.shutdown }).catch((error: unknown) => {
        if (!deps.shutdown.aborted)
          log.error({ err: error, component: 'feeds' }, 'scheduled feed imports failed');
      }),
    ).finally(() => {
      running = false;
    });
  };
  setImmediate(tick);
  return setInterval(tick, TICK_MS);
}
