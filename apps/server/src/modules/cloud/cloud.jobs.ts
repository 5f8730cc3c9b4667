import type { CheckMeta, ScanProgress } from '@netguard/cloud';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { cloudConnections, cloudScans } from '../../db/schema.ts';
import type { ServerEgress } from '../../lib/egress.ts';
import type { Logger } from '../../lib/logger.ts';
import { notifyRealtime } from '../../realtime/notify.ts';
import { refreshRisk } from '../risk/risk.assess.ts';
import { type ScopeLists, scanScope } from '../scans/scans.egress.ts';
import { proveScanExposure } from './cloud.exposure.ts';
import { CLOUD_SCAN_ATTEMPTS } from './cloud.queue.ts';
import { countSeen, storeResults } from './cloud.record.ts';
import { setConnectionState } from './cloud.repo.ts';
import { type CloudScanners, checksOf, scannerOf } from './cloud.scanners.ts';
import { ACTIVE_STATUSES, type CloudScanRow } from './cloud.scans.repo.ts';
import type { CloudSecrets } from './cloud.secrets.ts';
import { overallStatus, summarizeCalls, toGap } from './cloud.summary.ts';

const BEAT_MS = 1_000;

export type CloudJobDeps = {
  db: Executor;
  secrets: CloudSecrets;
  scanners: CloudScanners;
  /**
   * A scan runs for its organization: endpoints its credentials name, and the public addresses
   * its findings name (probed to prove exposure), are a tenant's.
   */
  egress: Pick<ServerEgress, 'tenant' | 'policy'>;
  scope: ScopeLists;
  log: Logger;
  /** Aborted on graceful shutdown: the scan stops and its job is retried. */
  shutdown: AbortSignal;
};

const s = cloudScans;
const publish = (db: Executor, scan: { id: string; organizationId: string }) =>
  notifyRealtime(db, {
    table: 'cloud_scans',
    event: 'UPDATE',
    id: scan.id,
    organization_id: scan.organizationId,
  });

/** Marks the scan running (again, after a killed worker) and counts the attempt. */
async function claim(db: Executor, scanId: string) {
  const [row] = await db
    .update(s)
    .set({
      status: 'running',
      phase: 'starting',
      attempts: sql`${s.attempts} + 1`,
      startedAt: sql`coalesce(${s.startedAt}, now())`,
      heartbeatAt: new Date(),
    })
    .where(and(eq(s.id, scanId), inArray(s.status, ACTIVE_STATUSES)))
    .returning();
  return row ?? null;
}

/** Ends a running scan; false when it had ended already (cancelled meanwhile). */
async function finish(db: Executor, scan: CloudScanRow, values: Partial<CloudScanRow>) {
  const ended = await db
    .update(s)
    .set({ ...values, finishedAt: new Date(), heartbeatAt: new Date() })
    .where(and(eq(s.id, scan.id), eq(s.status, 'running')))
    .returning({ id: s.id });
  if (ended.length) await publish(db, scan);
  return ended.length > 0;
}

/**
 * Cloud scan job: scans the connection through the library, stores the findings as
 * vulnerabilities, proves claimed exposure with NetGuard's own TCP scan, and ends the scan. A
 * re-run after a killed worker starts over and stores nothing twice; a scan whose worker died
 * CLOUD_SCAN_ATTEMPTS times fails with the reason.
 */
export async function runCloudScan(deps: CloudJobDeps, scanId: string): Promise<void> {
  const { db } = deps;
  const scan = await claim(db, scanId);
  if (!scan) return;
  if (scan.attempts > CLOUD_SCAN_ATTEMPTS) {
    await finish(db, scan, {
      status: 'error',
      phase: 'done',
      error: `The scan was interrupted ${CLOUD_SCAN_ATTEMPTS} times (its worker stopped); run it again`,
    });
    return;
  }
  await publish(db, scan);
  const [connection] = scan.connectionId
    ? await db.select().from(cloudConnections).where(eq(cloudConnections.id, scan.connectionId))
    : [];
  if (!connection || !scan.requestedBy) {
    const error = connection
      ? 'The account that started this scan was deleted'
      : 'The cloud connection was removed';
    await finish(db, scan, { status: 'error', phase: 'done', error });
    return;
  }
  const requestedBy = scan.requestedBy;
  const abort = new AbortController();
  const onShutdown = () => abort.abort('shutdown');
  deps.shutdown.addEventListener('abort', onShutdown, { once: true });
  const beat = startBeat(deps, scan, abort);
  // Only a failure of the provider's calls says something about the connection.
  let providerFailed = false;
  try {
    const scanner = scannerOf(deps.scanners, connection.provider);
    const credentials = deps.secrets.open(
      connection.organizationId,
      connection.id,
      connection.sealedCredentials,
    ) as never;
    const service = scan.serviceScope?.service ?? null;
    const checks = checksOf(scanner.checks, connection.provider, service);
    if (checks.length === 0) throw new Error(`No check covers the ${service} service yet`);
    const regions = scan.serviceScope?.region ? [scan.serviceScope.region] : undefined;
    const results = await scanner
      .scan(credentials, {
        checks,
        regions,
        signal: abort.signal,
        onProgress: beat.progress,
        credentialFetch: deps.egress.tenant().fetch,
      })
      .catch((error: unknown) => {
        providerFailed = true;
        throw error;
      });
    if (abort.signal.aborted) throw new Error(String(abort.signal.reason));
    const metas = new Map<string, CheckMeta>(scanner.checks.map((c) => [c.id, c]));
    const stored = await db.transaction(async (tx) => {
      const [locked] = await tx
        .select({ status: s.status })
        .from(s)
        .where(eq(s.id, scan.id))
        .for('update');
      if (locked?.status !== 'running') return false;
      await storeResults(tx, { scan, userId: requestedBy, checks: metas }, results);
      await tx.update(s).set({ phase: 'exposure' }).where(eq(s.id, scan.id));
      return true;
    });
    if (!stored) return;
    beat.progress({ ...beat.last(), phase: 'exposure' });
    const tenant = scanScope(deps.scope, deps.egress.policy(), deps.egress.tenant().who);
    await proveScanExposure(db, scan.id, tenant, abort.signal);
    beat.progress({ ...beat.last(), phase: 'risk' });
    // Assessed before the scan ends, so that a finished scan's findings carry their risk.
    await refreshRisk(db, scan.organizationId).catch((err: unknown) =>
      deps.log.error({ err, cloudScanId: scan.id }, 'risk assessment after the cloud scan failed'),
    );
    beat.stop();
    // The heartbeat writes progress once a second: a scan shorter than that ends with it here.
    const { total } = beat.last();
    const ended = await finish(db, scan, {
      status: overallStatus(results),
      phase: 'done',
      progressDone: total,
      progressTotal: total,
      counts: await countSeen(db, scan.id),
      accounts: [...new Set(results.map((r) => r.account))],
      gaps: results.flatMap((r) => r.gaps.map(toGap)),
      calls: summarizeCalls(results),
    });
    if (ended)
      await setConnectionState(db, connection.id, {
        status: 'connected',
        lastError: null,
        lastScanAt: new Date(),
      });
  } catch (error) {
    beat.stop();
    if (abort.signal.reason === 'cancelled') return;
    if (abort.signal.reason === 'shutdown') throw error;
    const message = error instanceof Error ? error.message : String(error);
    deps.log.warn({ err: error, cloudScanId: scan.id }, 'cloud scan failed');
    await finish(db, scan, { status: 'error', phase: 'done', error: message });
    if (providerFailed)
      await setConnectionState(db, connection.id, { status: 'error', lastError: message });
  } finally {
    beat.stop();
    deps.shutdown.removeEventListener('abort', onShutdown);
  }
}

/**
 * Every second while the scan runs: the heartbeat and the progress (published when it moved);
 * a scan no longer running (cancelled) aborts the work.
 */
function startBeat(deps: CloudJobDeps, scan: CloudScanRow, abort: AbortController) {
  let progress: ScanProgress = { done: 0, total: 0, phase: 'scanning' };
  let published = '';
  const timer = setInterval(async () => {
    try {
      const [row] = await deps.db
        .update(s)
        .set({
          heartbeatAt: new Date(),
          progressDone: progress.done,
          progressTotal: progress.total,
          phase: progress.phase,
        })
        .where(and(eq(s.id, scan.id), eq(s.status, 'running')))
        .returning({ id: s.id });
      if (!row) return abort.abort('cancelled');
      const now = JSON.stringify(progress);
      if (now === published) return;
      published = now;
      await publish(deps.db, scan);
    } catch (error) {
      deps.log.warn({ err: error, cloudScanId: scan.id }, 'cloud scan heartbeat failed');
    }
  }, BEAT_MS);
  return {
    progress: (next: ScanProgress) => {
      progress = next;
    },
    last: () => progress,
    stop: () => clearInterval(timer),
  };
}
