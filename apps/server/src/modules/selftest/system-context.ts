// Builds the context the integration and performance suites run with on the live deployment,
// with one canary organization per run (opened on first use, removed by close()).
import type { FastifyInstance } from 'fastify';
import type pg from 'pg';
import type { StripeSettings } from '../../config.ts';
import type { Executor } from '../../db/client.ts';
import type { AuthContext } from '../auth/sessions.service.ts';
import type { ScanQueue } from '../scans/scans.queue.ts';
import { type Canary, openCanary } from './canary.ts';
import { type ConnectionCheckDeps, connectionChecks } from './connection-checks.ts';
import { performanceProbes } from './probes.performance.ts';
import { platformProbes } from './probes.platform.ts';
import { serviceProbes } from './probes.services.ts';
import type { SystemContext } from './probes.ts';

export type SystemDeps = ConnectionCheckDeps & {
  db: Executor;
  pool: pg.Pool;
  app: FastifyInstance;
  jobs: Pick<ScanQueue, 'boss' | 'start'>;
  smtpUrl?: string;
  stripe?: StripeSettings;
  authRateLimit: number;
  jobWaitMs?: number;
};

export function createSystemContext(deps: SystemDeps, auth: AuthContext) {
  let canary: Promise<Canary> | undefined;
  const useCanary = () => {
    canary ??= openCanary(deps.db, deps.app);
    return canary;
  };
  const checks = connectionChecks(deps, auth);
  const context: SystemContext = {
    integration: {
      ...platformProbes({ ...deps, canary: useCanary }),
      ...serviceProbes({
        db: deps.db,
        siemChecks: checks.siem,
        cloudChecks: checks.cloud,
        ssoChecks: checks.sso,
      }),
    },
    performance: performanceProbes({ ...deps, canary: useCanary }),
  };
  return {
    context,
    /** Removes the canary organization, if one was opened; says whether it is gone. */
    async close(): Promise<boolean> {
      if (!canary) return true;
      const opened = await canary.catch(() => undefined);
      if (!opened) return true;
      await opened.remove();
      return true;
    },
  };
}
