// The system test page's health probes, measured live on each request: the organization's row
// counts, the realtime round trip and the mail transport for every reader; the deployment-wide row
// counts, the job queue and the data folder's free disk for deployment operators only.
import { statfs } from 'node:fs/promises';
import type { THealthFigure, TSystemHealth } from '@netguard/contracts';
import pg from 'pg';
import type { Executor } from '../../db/client.ts';
import type { TenantScope } from '../../db/tenant-scope.ts';
import type { AuthContext } from '../auth/sessions.service.ts';
import * as repo from './health.repo.ts';
import type { createSystemContext } from './system-context.ts';

const REALTIME_BUDGET_MS = 15_000;

/** Why a figure could not be measured, in words; database errors give their SQLSTATE only. */
function reasonOf(error: unknown): string {
  if (error instanceof pg.DatabaseError)
    return error.code === '57014'
      ? 'the count took longer than 5 s and was stopped'
      : `the database refused the query (SQLSTATE ${error.code ?? 'unknown'})`;
  return error instanceof Error ? error.message : String(error);
}

/** Runs one measurement: its value and duration, or the reason it could not be taken. */
async function measure<T>(work: () => Promise<T>): Promise<THealthFigure<T>> {
  const measuredAt = new Date().toISOString();
  const started = performance.now();
  try {
    const value = await work();
    return {
      status: 'measured',
      measured_at: measuredAt,
      took_ms: performance.now() - started,
      value,
    };
  } catch (error) {
    return { status: 'unmeasured', measured_at: measuredAt, reason: reasonOf(error) };
  }
}

export type HealthDeps = {
  /** The owner's handle: deployment-wide reads, outside any organization's row-level security. */
  db: Executor;
  tenant: Pick<TenantScope, 'db' | 'open'>;
  isOperator: (userId: string) => Promise<boolean>;
  dataDir: string;
  /** The self-test suites' probes on this deployment (realtime and mail are theirs). */
  systemContext: (auth: AuthContext) => ReturnType<typeof createSystemContext>;
};

export function createHealthService(deps: HealthDeps) {
  /** Counted in a transaction of the application role with the organization set: RLS applies. */
  async function organizationRows(organizationId: string) {
    const transaction = await deps.tenant.open(organizationId);
    try {
      return await transaction.enter(() =>
        repo.organizationRowCounts(deps.tenant.db, organizationId),
      );
    } finally {
      await transaction.finish();
    }
  }

  async function disk() {
    const stats = await statfs(deps.dataDir);
    return {
      path: deps.dataDir,
      free_bytes: stats.bavail * stats.bsize,
      total_bytes: stats.blocks * stats.bsize,
    };
  }

  async function platform(auth: AuthContext) {
    const system = deps.systemContext(auth);
    try {
      const probes = system.context.integration;
      const realtime = await measure(async () => {
        const trip = await probes.realtimeRoundTrip(AbortSignal.timeout(REALTIME_BUDGET_MS));
        return { delivered: trip.delivered, round_trip_ms: trip.ms, detail: trip.detail };
      });
      const mail = await measure(() => probes.mail(AbortSignal.timeout(REALTIME_BUDGET_MS)));
      return { realtime, mail };
    } finally {
      await system.close();
    }
  }

  return {
    async read(auth: AuthContext): Promise<TSystemHealth> {
      const measuredAt = new Date().toISOString();
      const operator = await deps.isOperator(auth.userId);
      // The realtime probe's canary organization is gone before anything is counted.
      const { realtime, mail } = await platform(auth);
      const [rows, deployment] = await Promise.all([
        measure(() => organizationRows(auth.organizationId)),
        operator
          ? Promise.all([
              measure(() => repo.deploymentRowCounts(deps.db)),
              measure(() => repo.queueDepth(deps.db)),
              measure(disk),
            ]).then(([all, queue, free]) => ({ rows: all, queue, disk: free }))
          : null,
      ]);
      return {
        measured_at: measuredAt,
        deployment_operator: operator,
        organization_rows: rows,
        realtime,
        mail,
        deployment,
      };
    },
  };
}

export type HealthService = ReturnType<typeof createHealthService>;
