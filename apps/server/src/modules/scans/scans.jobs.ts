import type { TFinding } from '@netguard/contracts';
import { createEngine, type ServiceResult } from '@netguard/engine';
import { eq } from 'drizzle-orm';
import type { Histogram } from 'prom-client';
import type { ScanSettings } from '../../config.ts';
import type { Executor } from '../../db/client.ts';
import { isDatabaseUnavailable, whenDatabaseUp } from '../../db/outage.ts';
import { scanChunks, scans } from '../../db/schema.ts';
import type { Logger } from '../../lib/logger.ts';
import { scanAdvisories } from '../feeds/feeds.advisories.ts';
import { refreshRisk } from '../risk/risk.assess.ts';
import { recordFinding } from '../vulnerabilities/vulnerabilities.lifecycle.ts';
import * as chunks from './scans.chunks.repo.ts';
import { planChunks } from './scans.chunks.ts';
import { completeIfDone, failScan } from './scans.complete.ts';
import { type ScanEgress, scanScope, scopeLists } from './scans.egress.ts';
import { SCAN_PROFILES, scanPorts } from './scans.profiles.ts';
import { JOB_RETRY_LIMIT, type ScanQueue } from './scans.queue.ts';
import { storeHost, storeService } from './scans.results.ts';

const BEAT_MS = 500;
const STATUS_CHECK_MS = 2_000;
/** A chunk is tried this many times (first run + retries) before the scan fails. */
export const MAX_CHUNK_ATTEMPTS = JOB_RETRY_LIMIT + 1;

export type JobDeps = {
  db: Executor;
  queue: Pick<ScanQueue, 'sendPlan' | 'sendChunks'>;
  settings: ScanSettings;
  workerId: string;
  log: Logger;
  /** Aborted on graceful shutdown: in-flight chunks stop and are retried elsewhere. */
  shutdown: AbortSignal;
  /** Tells at once when a scan's row changes (cancelled, ended); without it, a poll does. */
  watch?: (scanId: string, onChange: () => void) => () => void;
  /** Times each claimed chunk by outcome (done, stopped, failed) for /metrics. */
  chunkDuration?: Pick<Histogram<'outcome'>, 'startTimer'>;
  /**
   * The deployment's egress policy. A chunk reaches what the scan's creator may reach when it
   * runs (an operator demoted since the launch no longer reaches loopback).
   */
  egress: ScanEgress;
};

/**
 * Runs a database step of a job, waiting with back-off while the database is unreachable, so
 * that an outage pauses a scan instead of losing its chunks. Steps must be safe to repeat.
 */
const untilStored = <T>(deps: JobDeps, task: string, fn: () => Promise<T>) =>
  whenDatabaseUp(fn, { signal: deps.shutdown, log: deps.log, task });

/** Longest note a chunk keeps of what it left out (its error column holds 2000 characters). */
const NOTE_CHARS = 1900;

/** A chunk's refusals, one a line: the first ones that fit, and how many more there were. */
export function refusalNote(refused: readonly string[]): string | undefined {
  const lines: string[] = [];
  let size = 0;
  for (const line of refused) {
    if (size + line.length + 1 > NOTE_CHARS) break;
    lines.push(line);
    size += line.length + 1;
  }
  const more = refused.length - lines.length;
  if (more) lines.push(`... and ${more} more not scanned`);
  return lines.length ? lines.join('\n') : undefined;
}

/** Planning job: splits a running scan into chunks and enqueues them. */
export function runPlan(deps: JobDeps, scanId: string): Promise<void> {
  return untilStored(deps, `planning scan ${scanId}`, () => planScan(deps, scanId));
}

async function planScan(deps: JobDeps, scanId: string): Promise<void> {
  const [scan] = await deps.db.select().from(scans).where(eq(scans.id, scanId));
  if (scan?.status !== 'running') return;
  const plan = planChunks(
    scan.targetHosts,
    scanPorts(scan),
    scopeLists(deps.settings),
    SCAN_PROFILES[scan.scanType].udp,
  );
  if (plan.chunks.length === 0) {
    const reason = plan.refused[0]?.reason ?? 'no valid target';
    await failScan(
      deps.db,
      deps.queue,
      scan,
      deps.settings.maxConcurrent,
      `No target could be scanned: ${reason}`,
    );
    return;
  }
  const queued = await chunks.saveChunks(deps.db, scan.id, plan.chunks);
  await deps.queue.sendChunks(queued.map((c) => c.id));
}

/** Chunk job: scans one chunk, stores results idempotently, ends the scan when it was the last. */
export async function runChunk(deps: JobDeps, chunkId: string): Promise<void> {
  const { db, workerId, settings } = deps;
  const stored = <T>(fn: () => Promise<T>) => untilStored(deps, `chunk ${chunkId}`, fn);
  const [found] = await stored(() =>
    db
      .select({ chunk: scanChunks, scan: scans })
      .from(scanChunks)
      .innerJoin(scans, eq(scans.id, scanChunks.scanId))
      .where(eq(scanChunks.id, chunkId)),
  );
  if (found?.scan.status !== 'running') return;
  const chunk = await stored(() =>
    chunks.claimChunk(db, chunkId, workerId, settings.chunkStaleSeconds),
  );
  if (!chunk) return;
  const scan = found.scan;
  const owner = { scanId: scan.id, userId: scan.userId, organizationId: scan.organizationId };
  const abort = new AbortController();
  const onShutdown = () => abort.abort('shutdown');
  deps.shutdown.addEventListener('abort', onShutdown, { once: true });

  // A cancelled or ended scan stops its chunks at once (and frees the worker for the next job).
  const checkStatus = async () => {
    const [row] = await db
      .select({ status: scans.status })
      .from(scans)
      .where(eq(scans.id, scan.id));
    if (row?.status !== 'running') abort.abort('cancelled');
  };
  const unwatch = deps.watch?.(scan.id, () => void checkStatus().catch(() => undefined));

  let progress = 0;
  let written = 0;
  let lastStatusCheck = Date.now();
  const timer = setInterval(async () => {
    try {
      const current = progress;
      if (!(await chunks.beat(db, chunk, workerId, current))) return abort.abort('lost');
      if (current !== written) {
        written = current;
        await chunks.rollUpProgress(db, scan.id);
      }
      if (Date.now() - lastStatusCheck >= STATUS_CHECK_MS) {
        lastStatusCheck = Date.now();
        await checkStatus();
      }
    } catch (error) {
      // While the database is down the beats just pause; the results wait for it (stored()).
      if (!isDatabaseUnavailable(error))
        deps.log.warn({ err: error, chunk: chunk.id }, 'chunk heartbeat failed');
    }
  }, BEAT_MS);

  // Results are written in arrival order; the engine's callbacks are synchronous.
  let writes: Promise<unknown> = Promise.resolve();
  const write = (fn: () => Promise<unknown>) => {
    writes = writes.then(() => stored(fn));
    writes.catch(() => undefined);
  };
  const refused: string[] = [];
  const timing = deps.chunkDuration?.startTimer();
  let outcome = 'failed';
  try {
    const profile = SCAN_PROFILES[scan.scanType];
    const who = await stored(() => deps.egress.requester(scan.userId));
    const engine = createEngine({
      ports: chunk.spec.ports,
      checks: profile.checks,
      portsOnly: profile.portsOnly,
      scope: scanScope(scopeLists(settings), deps.egress.policy(), who),
      ...(chunk.spec.udp ? { udp: true as const } : {}),
      // Imported feeds (advisories, KEV, EPSS, distribution fixes) on top of the bundled set.
      advisories: profile.portsOnly ? undefined : await scanAdvisories(db, deps.log),
    });
    // An abort stops waiting at once: a service probe in flight may take seconds to notice.
    const stopped = new Promise<null>((resolve) => {
      if (abort.signal.aborted) resolve(null);
      abort.signal.addEventListener('abort', () => resolve(null), { once: true });
    });
    const running = engine.run(chunk.spec.targets, {
      signal: abort.signal,
      onProgress: (p) => {
        progress = Math.min(99, Math.floor(p.percent));
      },
      onHost: (host) => write(() => storeHost(db, owner, host)),
      onPort: (result: ServiceResult) => write(() => storeService(db, owner, result)),
      onFinding: (finding: TFinding) => write(() => recordFinding(db, owner, finding)),
      onRefused: (r) => refused.push(r.reason),
    });
    running.catch(() => undefined);
    const summary = await Promise.race([running, stopped]);
    clearInterval(timer);
    if (!summary || abort.signal.aborted) {
      outcome = 'stopped';
      if (abort.signal.reason === 'shutdown') {
        await chunks.finishChunk(db, chunk, workerId, { status: 'queued' }).catch(() => undefined);
        throw new Error('worker shutting down: chunk left for retry');
      }
      return;
    }
    await writes;
    // What the chunk left out (the scan detail's notes; the failure when it scanned nothing).
    const error = refusalNote(refused);
    await stored(() =>
      chunks.finishChunk(db, chunk, workerId, {
        status: 'done',
        hostsScanned: summary.hosts_total,
        error,
      }),
    );
    outcome = 'done';
    await stored(() => chunks.rollUpProgress(db, scan.id));
    const completed = await stored(() =>
      completeIfDone(db, deps.queue, scan, settings.maxConcurrent),
    );
    if (completed)
      await refreshRisk(db, scan.organizationId).catch((err: unknown) =>
        deps.log.error({ err, scanId: scan.id }, 'risk assessment after the scan failed'),
      );
  } catch (error) {
    clearInterval(timer);
    if (abort.signal.reason === 'shutdown') throw error;
    const message = error instanceof Error ? error.message : String(error);
    if (chunk.attempts >= MAX_CHUNK_ATTEMPTS) {
      await stored(() =>
        chunks.finishChunk(db, chunk, workerId, { status: 'failed', error: message }),
      );
      await stored(() =>
        failScan(
          db,
          deps.queue,
          scan,
          settings.maxConcurrent,
          `Scan chunk ${chunk.index + 1} failed after ${chunk.attempts} attempts: ${message}`,
        ),
      );
      return;
    }
    await stored(() => chunks.finishChunk(db, chunk, workerId, { status: 'queued' }));
    throw error;
  } finally {
    timing?.({ outcome });
    clearInterval(timer);
    unwatch?.();
    deps.shutdown.removeEventListener('abort', onShutdown);
  }
}
