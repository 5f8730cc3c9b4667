import type {
  TAnalyticsOverview,
  TPlanFeature,
  TSecurityPosture,
  TTimeframe,
} from '@netguard/contracts';
import { type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import type { AuthContext } from '../auth/sessions.service.ts';
import { complianceStanding } from '../evidence/evidence.standing.ts';
import { openRiskedFindings } from '../risk/risk.findings.ts';
import { computeOverview, computePosture } from './analytics.metrics.ts';
import * as repo from './analytics.repo.ts';

const INTERVALS: Record<TTimeframe, string> = {
  '24h': '24 hours',
  '7d': '7 days',
  '30d': '30 days',
  '90d': '90 days',
};

type Deps = {
  db: Executor;
  /** Whether the organization's plan includes a feature (the subscription service's). */
  includes: (organizationId: string, feature: TPlanFeature) => Promise<boolean>;
};

/** The start of a timeframe that ends now. */
export const sinceFor = (timeframe: TTimeframe): SQL =>
  sql`now() - ${INTERVALS[timeframe]}::interval`;

/**
 * The organization's security posture over the rows created since `since` (security score and
 * compliance: its state now): the one definition the dashboard's Overview shows too. Compliance is
 * the evidence module's framework statuses, none when the plan lacks compliance evidence.
 */
export async function measurePosture(db: Executor, org: string, since: SQL, evidence: boolean) {
  const [scans, vulns, coverage, openServices, findings, compliance] = await Promise.all([
    repo.scanStats(db, org, since),
    repo.vulnStats(db, org, since),
    repo.coverageStats(db, org, since),
    repo.openServiceCount(db, org, since),
    openRiskedFindings(db, org),
    complianceStanding(db, org, evidence),
  ]);
  return computePosture(scans, vulns, { coverage, openServices, findings, compliance });
}

/**
 * Enterprise analytics of the caller's organization; its routes are plan-gated (the analytics
 * feature of the plan matrix).
 */
export function createAnalyticsService({ db, includes }: Deps) {
  function scope(auth: AuthContext, timeframe: TTimeframe) {
    return { org: auth.organizationId, since: sinceFor(timeframe) };
  }

  return {
    async overview(auth: AuthContext, timeframe: TTimeframe): Promise<TAnalyticsOverview> {
      const { org, since } = scope(auth, timeframe);
      const [scans, vulns, reports] = await Promise.all([
        repo.scanStats(db, org, since),
        repo.vulnStats(db, org, since),
        repo.reportCount(db, org, since),
      ]);
      return computeOverview(scans, vulns.total, reports);
    },

    async posture(auth: AuthContext, timeframe: TTimeframe): Promise<TSecurityPosture> {
      const { org, since } = scope(auth, timeframe);
      return measurePosture(db, org, since, await includes(org, 'compliance_evidence'));
    },
  };
}

export type AnalyticsService = ReturnType<typeof createAnalyticsService>;
