import {
  FREE_PLAN_LIMITS,
  SCAN_ESTIMATE_SAMPLE,
  SCAN_MESSAGES,
  type TCreateScanBody,
  type TImportScanBody,
  type TScanDetail,
  type TScanEstimate,
  type TScanEstimateBody,
  type TScanExportFormat,
  type TScanFilters,
  type TScanList,
  type TScanListItem,
  type TScanListQuery,
  type TScanResultFormat,
} from '@netguard/contracts';
import { createScope, planTargets } from '@netguard/engine';
import type { ScanSettings } from '../../config.ts';
import type { Executor } from '../../db/client.ts';
import { afterCommit } from '../../db/tenant-scope.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import type { Logger } from '../../lib/logger.ts';
import { traceLog } from '../../lib/request-id.ts';
import { insertAuditLog, type RequestMeta } from '../audit/audit.repo.ts';
import type { AuthContext } from '../auth/sessions.service.ts';
import { assertScansLeft, paymentRequired } from '../subscription/plan-limits.ts';
import type { SubscriptionService } from '../subscription/subscription.service.ts';
import { loadScanDetail } from './scans.detail.ts';
import { scanDurations } from './scans.durations.ts';
import { enforceScanScope, launcher, type ScanEgress, scopeLists } from './scans.egress.ts';
import { estimateDuration } from './scans.estimate.ts';
import { exportScans } from './scans.export.ts';
import {
  importNmapScan,
  readNmapReport,
  readSarifReport,
  reportAddresses,
} from './scans.import.ts';
import * as lifecycle from './scans.lifecycle.ts';
import { scanPorts } from './scans.profiles.ts';
import * as repo from './scans.repo.ts';
import { exportScanResults } from './scans.results-export.ts';
import { toScanListItem } from './scans.view.ts';

export { toScanListItem } from './scans.view.ts';

/** What the service needs of the job queue: enqueue the planning job of a started scan. */
export type ScanStarter = { sendPlan: (scanId: string) => Promise<void> };

type Deps = {
  db: Executor;
  subscription: SubscriptionService;
  queue: ScanStarter;
  settings: ScanSettings;
  log: Logger;
  /** The deployment's egress policy: what the person launching a scan may reach. */
  egress: ScanEgress;
};

/** Scans of the caller's organization: create, list, read, start, cancel. */
export function createScanService({ db, subscription, queue, settings, log, egress }: Deps) {
  /** `addresses`: how many the scan covers (planTargets' total), not how many entries it lists. */
  async function enforcePlan(auth: AuthContext, addresses: number) {
    if ((await subscription.status(auth)).subscribed) return;
    const limit = FREE_PLAN_LIMITS.maxTargetsPerScan;
    if (addresses > limit)
      throw paymentRequired(SCAN_MESSAGES.freeTargetsPerScan(limit, addresses));
    await assertScansLeft(db, subscription, auth, 1);
  }

  /**
   * Refuses a target out of scope or that the egress policy keeps from the caller (and from the
   * scan's creator, whose reach the jobs use); returns how many addresses the targets cover.
   */
  const enforceScope = async (targets: string[], callerId: string, creatorId?: string) =>
    enforceScanScope(
      scopeLists(settings),
      egress,
      await launcher(egress, callerId, creatorId),
      targets,
    );

  async function audit(
    tx: Executor,
    auth: AuthContext,
    action: string,
    id: string,
    meta: RequestMeta,
    details?: Record<string, unknown>,
  ) {
    const entry = { userId: auth.userId, organizationId: auth.organizationId };
    await insertAuditLog(
      tx,
      { ...entry, action, resourceType: 'scan', resourceId: id, details },
      meta,
    );
  }

  // The scan is committed as running: if the queue is briefly unreachable, the workers' sweep
  // re-sends the planning job of a running scan that has no chunks, so the caller still gets 202.
  const enqueue = (scanId: string) =>
    afterCommit(() =>
      queue.sendPlan(scanId).catch((error: unknown) => {
        traceLog(log).error(
          { err: error, scanId },
          'enqueueing the scan failed; the sweep will retry',
        );
      }),
    );

  return {
    async create(auth: AuthContext, body: TCreateScanBody, meta: RequestMeta) {
      const targetHosts = [...new Set(body.target_hosts)];
      await enforcePlan(auth, await enforceScope(targetHosts, auth.userId));
      const row = await db.transaction(async (tx) => {
        const scan = await repo.insertScan(tx, {
          userId: auth.userId,
          organizationId: auth.organizationId,
          scanName: body.scan_name,
          scanType: body.scan_type,
          targetHosts,
          ports: body.ports ?? null,
        });
        await audit(tx, auth, 'scan.create', scan.id, meta, {
          scan_name: scan.scanName,
          targets: targetHosts.length,
        });
        await lifecycle.notifyScan(tx, scan, 'INSERT');
        return scan;
      });
      return toScanListItem(row);
    },

    /** Stores an uploaded nmap XML report as a completed scan (counts toward the plan's scans). */
    async importNmap(auth: AuthContext, body: TImportScanBody, meta: RequestMeta) {
      await enforcePlan(auth, 0); // the month's scans, before reading megabytes
      const time = new Date().toISOString();
      const report =
        body.sarif !== undefined
          ? readSarifReport(body.sarif, time)
          : await readNmapReport(body.xml ?? '', time);
      await enforcePlan(auth, reportAddresses(report.hosts).length);
      const row = await importNmapScan(db, auth, body.scan_name, report);
      await audit(db, auth, 'scan.import', row.id, meta, { hosts: row.targetHosts.length });
      return toScanListItem(row);
    },

    /** How long a scan of these targets and ports should take, from the type's measured scans. */
    async estimate(auth: AuthContext, body: TScanEstimateBody): Promise<TScanEstimate> {
      const scope = createScope(scopeLists(settings));
      const addresses = planTargets([...new Set(body.target_hosts)], scope).total;
      const ports = scanPorts({ scanType: body.scan_type, ports: body.ports ?? null }).length;
      const measured = await repo.measuredScans(
        db,
        auth.organizationId,
        body.scan_type,
        SCAN_ESTIMATE_SAMPLE,
      );
      return estimateDuration(addresses * ports, measured);
    },

    async list(auth: AuthContext, query: TScanListQuery): Promise<TScanList> {
      const { limit, offset, ...filters } = query;
      const [rows, total] = await Promise.all([
        repo.listScans(db, auth.organizationId, limit, offset, filters),
        repo.countScans(db, auth.organizationId, filters),
      ]);
      return { items: rows.map(toScanListItem), total };
    },

    /** Every scan matching the filters as a CSV or JSON file body. */
    exportList: (auth: AuthContext, filters: TScanFilters, format: TScanExportFormat) =>
      exportScans(db, auth.organizationId, filters, format),

    /** How long the organization's completed scans took, per scan type. */
    durations: (auth: AuthContext) => scanDurations(db, auth.organizationId),
    async get(auth: AuthContext, id: string): Promise<TScanDetail> {
      const row = await repo.findScan(db, auth.organizationId, id);
      if (!row) throw notFound('Scan');
      return loadScanDetail(db, row);
    },

    /** One scan's results as nmap XML or SARIF, for tools that import them. */
    async exportResults(auth: AuthContext, id: string, format: TScanResultFormat) {
      const row = await repo.findScan(db, auth.organizationId, id);
      if (!row) throw notFound('Scan');
      return exportScanResults(db, row, format);
    },

    /** Starts (or retries) a scan; the planning job is enqueued after the commit. */
    async start(auth: AuthContext, id: string, meta: RequestMeta): Promise<TScanListItem> {
      const found = await repo.findScan(db, auth.organizationId, id);
      if (!found) throw notFound('Scan');
      // Before the row lock: names may take a moment to resolve. (Running and completed scans
      // are refused below whatever their targets.)
      if (found.status !== 'running' && found.status !== 'completed')
        await enforceScope(found.targetHosts, auth.userId, found.userId);
      const row = await db.transaction(async (tx) => {
        const scan = await repo.lockScan(tx, auth.organizationId, id);
        if (!scan) throw notFound('Scan');
        if (scan.status === 'running')
          throw new AppError('conflict', 409, SCAN_MESSAGES.alreadyRunning);
        if (scan.status === 'completed')
          throw new AppError('conflict', 409, SCAN_MESSAGES.notRestartable);
        const started = await lifecycle.startOrQueue(tx, scan, settings.maxConcurrent);
        await audit(tx, auth, 'scan.start', scan.id, meta, {
          queued: started.status === 'pending',
        });
        return started;
      });
      if (row.status === 'running') await enqueue(row.id);
      return toScanListItem(row);
    },

    async cancel(auth: AuthContext, id: string, meta: RequestMeta): Promise<TScanListItem> {
      const { row, promoted } = await db.transaction(async (tx) => {
        const scan = await repo.lockScan(tx, auth.organizationId, id);
        if (!scan) throw notFound('Scan');
        if (scan.status !== 'running' && scan.status !== 'pending') {
          throw new AppError('conflict', 409, SCAN_MESSAGES.notCancellable);
        }
        const cancelled = await lifecycle.finishScan(tx, scan.id, { status: 'cancelled' }, [
          'running',
          'pending',
        ]);
        if (!cancelled) throw new AppError('conflict', 409, SCAN_MESSAGES.notCancellable);
        await audit(tx, auth, 'scan.cancel', scan.id, meta);
        const next = await lifecycle.promoteQueued(tx, auth.organizationId, settings.maxConcurrent);
        return { row: cancelled, promoted: next };
      });
      for (const scanId of promoted) await enqueue(scanId);
      return toScanListItem(row);
    },
  };
}

export type ScanService = ReturnType<typeof createScanService>;
