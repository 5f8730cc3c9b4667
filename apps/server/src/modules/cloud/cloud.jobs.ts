import type { CheckMeta, ScanProgress, ScanResult } from '@netguard/cloud';
import type { TCloudCallSummary, TCloudGap } from '@netguard/contracts';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import {
  cloudConnections,
  cloudFindingSightings,
  cloudFindings,
  cloudScans,
} from '../../db/schema.ts';
import type { Logger } from '../../lib/logger.ts';
import { notifyRealtime } from '../../realtime/notify.ts';
import { proveExposure, type ScanScope } from './cloud.exposure.ts';
import { CLOUD_SCAN_ATTEMPTS } from './cloud.queue.ts';
import { countSeen, storeResults } from './cloud.record.ts';
import { setConnectionState } from './cloud.repo.ts';
import { type CloudScanners, checksOf, scannerOf } from './cloud.scanners.ts';
import { ACTIVE_STATUSES, type CloudScanRow } from './cloud.scans.repo.ts';
import type { CloudSecrets } from './cloud.secrets.ts';

const BEAT_MS = 1_000;

export type CloudJobDeps = {
  db: Executor;
  secrets: CloudSecrets;
  scanners: CloudScanners;
  scope: ScanScope;
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
    await finish(db, scan, {
      status: 'error',
      phase: 'done',
      error: 'The cloud connection was removed',
    });
    return;
  }
  const abort = new AbortController();
  const onShutdown = () => abort.abort('shutdown');
  deps.shutdown.addEventListener('abort', onShutdown, { once: true });
  let progress: ScanProgress = { done: 0, total: 0, phase: 'scanning' };
  let written = '';
  const beat = setInterval(async () => {
    try {
      const [row] = await db
        .update(s)
        .set({
          heartbeatAt: new Date(),
          progressDone: progress.done,
          progressTotal: progress.total,
          phase: progress.phase,
        })
        .where(eq(s.id, scan.id))
        .returning({ status: s.status });
      if (row?.status !== 'running') abort.abort('cancelled');
      const now = JSON.stringify(progress);
      if (now !== written && row?.status === 'running') {
        written = now;
        await publish(db, scan);
      }
    } catch (error) {
      deps.log.warn({ err: error, cloudScanId: scan.id }, 'cloud scan heartbeat failed');
    }
  }, BEAT_MS);
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
    const results = await scanner.scan(credentials, {
      checks,
      regions,
      signal: abort.signal,
      onProgress: (p) => {
        progress = p;
      },
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
      await storeResults(tx, { scan, userId: scan.requestedBy as string, checks: metas }, results);
      await tx.update(s).set({ phase: 'exposure' }).where(eq(s.id, scan.id));
      return true;
    });
    if (!stored) return;
    progress = { ...progress, phase: 'exposure' };
    await proveScanExposure(deps, scan.id, abort.signal);
    clearInterval(beat);
    const ended = await finish(db, scan, {
      status: overallStatus(results),
      phase: 'done',
      progressDone: progress.total,
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
    clearInterval(beat);
    if (abort.signal.reason === 'cancelled') return;
    if (abort.signal.reason === 'shutdown') throw error;
    const message = error instanceof Error ? error.message : String(error);
    deps.log.warn({ err: error, cloudScanId: scan.id }, 'cloud scan failed');
    await finish(db, scan, { status: 'error', phase: 'done', error: message });
    await setConnectionState(db, connection.id, { status: 'error', lastError: message });
  } finally {
    clearInterval(beat);
    deps.shutdown.removeEventListener('abort', onShutdown);
  }
}

/** partial when any account's scan had a gap, failed when any found something, else passed. */
function overallStatus(results: ScanResult[]): 'passed' | 'failed' | 'partial' {
  if (results.some((r) => r.status === 'partial')) return 'partial';
  return results.some((r) => r.status === 'failed') ? 'failed' : 'passed';
}

const toGap = (gap: ScanResult['gaps'][number]): TCloudGap => ({
  service: gap.service,
  region: gap.region,
  operation: gap.operation,
  outcome: gap.outcome,
  message: gap.message ?? null,
  checks: gap.checks ?? [],
});

function summarizeCalls(results: ScanResult[]): TCloudCallSummary {
  const summary: TCloudCallSummary = {
    total: 0,
    ok: 0,
    denied: 0,
    throttled: 0,
    timeout: 0,
    error: 0,
  };
  for (const call of results.flatMap((r) => r.calls)) {
    summary.total++;
    summary[call.outcome]++;
  }
  return summary;
}

/** Proves the exposure of every finding this scan saw that names public addresses and ports. */
async function proveScanExposure(deps: CloudJobDeps, scanId: string, signal: AbortSignal) {
  const f = cloudFindings;
  const claims = await deps.db
    .select({ id: f.vulnerabilityId, addresses: f.publicAddresses, ports: f.exposedPorts })
    .from(f)
    .innerJoin(cloudFindingSightings, eq(cloudFindingSightings.vulnerabilityId, f.vulnerabilityId))
    .where(
      and(
        eq(cloudFindingSightings.scanId, scanId),
        sql`jsonb_array_length(${f.publicAddresses}) > 0`,
        sql`jsonb_array_length(${f.exposedPorts}) > 0`,
      ),
    );
  for (const claim of claims) {
    if (signal.aborted) return;
    const proof = await proveExposure(claim.addresses, claim.ports, deps.scope, signal);
    await deps.db.update(f).set(proof).where(eq(f.vulnerabilityId, claim.id));
  }
}
