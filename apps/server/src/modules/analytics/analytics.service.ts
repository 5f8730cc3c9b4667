import type { TAnalyticsOverview, TSecurityPosture } from '@netguard/contracts';
import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { AppError } from '../../lib/errors.ts';
import type { AuthContext } from '../auth/sessions.service.ts';
import type { SubscriptionService } from '../subscription/subscription.service.ts';
import { computeOverview, computePosture } from './analytics.metrics.ts';
import * as repo from './analytics.repo.ts';

export type Timeframe = '24h' | '7d' | '30d' | '90d';

const INTERVALS: Record<Timeframe, string> = {
  '24h': '24 hours',
  '7d': '7 days',
  '30d': '30 days',
  '90d': '90 days',
};

export const ANALYTICS_SUBSCRIPTION_MESSAGE =
  'Analytics require a Professional or Enterprise subscription';

type Deps = { db: Executor; subscription: SubscriptionService };

/** Enterprise analytics of the caller's organization, for subscribers only. */
export function createAnalyticsService({ db, subscription }: Deps) {
  async function scope(auth: AuthContext, timeframe: Timeframe) {
    const status = await subscription.status(auth);
    if (!status.subscribed) {
      throw new AppError('subscription_required', 403, ANALYTICS_SUBSCRIPTION_MESSAGE);
    }
    return { org: auth.organizationId, since: sql`now() - ${INTERVALS[timeframe]}::interval` };
  }

  return {
    async overview(auth: AuthContext, timeframe: Timeframe): Promise<TAnalyticsOverview> {
      const { org, since } = await scope(auth, timeframe);
      const [scans, vulns, reports] = await Promise.all([
        repo.scanStats(db, org, since),
        repo.vulnStats(db, org, since),
        repo.reportCount(db, org, since),
      ]);
      return computeOverview(scans, vulns.total, reports);
    },

    async posture(auth: AuthContext, timeframe: Timeframe): Promise<TSecurityPosture> {
      const { org, since } = await scope(auth, timeframe);
      const [scans, vulns, coverage, openServices] = await Promise.all([
        repo.scanStats(db, org, since),
        repo.vulnStats(db, org, since),
        repo.coverageStats(db, org, since),
        repo.openServiceCount(db, org, since),
      ]);
      return computePosture(scans, vulns, coverage, openServices);
    },
  };
}

export type AnalyticsService = ReturnType<typeof createAnalyticsService>;
