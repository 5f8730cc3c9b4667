// Builds the context the integration and performance suites run with on the live deployment,
// and the security suite's context, with canary organizations per run (opened on first use,
// removed by close()).
import type { TTierTable } from '@netguard/contracts';
import { createSecurityContext } from '@netguard/selftest';
import type { FastifyInstance } from 'fastify';
import type pg from 'pg';
import type { StripeSettings } from '../../config.ts';
import type { Executor } from '../../db/client.ts';
import type { AccessTokens } from '../../lib/access-token.ts';
import type { AuthContext } from '../auth/sessions.service.ts';
import type { ScanQueue } from '../scans/scans.queue.ts';
import { type Canary, openCanary } from './canary.ts';
import { type ConnectionCheckDeps, connectionChecks } from './connection-checks.ts';
import { performanceProbes } from './probes.performance.ts';
import { platformProbes } from './probes.platform.ts';
import { serviceProbes } from './probes.services.ts';
import type { RunContext } from './probes.ts';
import { createSecurityCanaries } from './security-canaries.ts';

export type SystemDeps = ConnectionCheckDeps & {
  db: Executor;
  pool: pg.Pool;
  app: FastifyInstance;
  jobs: Pick<ScanQueue, 'boss' | 'start'>;
  smtpUrl?: string;
  stripe?: StripeSettings;
  authRateLimit: number;
  jobWaitMs?: number;
  /** The security suite probes the deployment where its users reach it. */
  publicUrl: string;
  tokens: AccessTokens;
  tiers: TTierTable;
};

export function createSystemContext(deps: SystemDeps, auth: AuthContext) {
  let canary: Promise<Canary> | undefined;
  const useCanary = () => {
    canary ??= openCanary(deps.db, deps.app);
    return canary;
  };
  const checks = connectionChecks(deps, auth);
  const security = createSecurityContext({
    baseUrl: deps.publicUrl,
    canary: createSecurityCanaries({
      db: deps.db,
      routePermissions: deps.app.routePermissions,
      tokens: deps.tokens,
      tiers: deps.tiers,
    }),
  });
  const context: RunContext = {
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
    security: security.context,
  };
  return {
    context,
    /** Removes the canary organizations, if any were opened; says whether they are gone. */
    async close(): Promise<boolean> {
      await security.dispose();
      if (!canary) return true;
      const opened = await canary.catch(() => undefined);
      if (!opened) return true;
      await opened.remove();
      return true;
    },
  };
}
