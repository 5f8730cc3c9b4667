import { ANALYTICS_TIMEFRAME, RECENT_SCANS_LIMIT, type TDashboardHome } from '@netguard/contracts';
import type { Executor } from '../../db/client.ts';
import { successRate } from '../analytics/analytics.metrics.ts';
import { measurePosture, sinceFor } from '../analytics/analytics.service.ts';
import type { AuthContext } from '../auth/sessions.service.ts';
import { listScans } from '../scans/scans.repo.ts';
import { toScanListItem } from '../scans/scans.view.ts';
import * as repo from './dashboard.repo.ts';

export function createDashboardService({ db }: { db: Executor }) {
  return {
    /**
     * The dashboard home's numbers for the caller's organization, on every plan; the Security
     * Overview is the security posture's coverage metrics over the analytics timeframe.
     */
    async home(auth: AuthContext): Promise<TDashboardHome> {
      const org = auth.organizationId;
      const [recent, scans, vulnerabilities, reports, posture] = await Promise.all([
        listScans(db, org, RECENT_SCANS_LIMIT, 0),
        repo.countScansByStatus(db, org),
        repo.countVulnerabilities(db, org),
        repo.countRecentReports(db, org),
        measurePosture(db, org, sinceFor(ANALYTICS_TIMEFRAME)),
      ]);
      return {
        recent_scans: recent.map(toScanListItem),
        scans,
        vulnerabilities,
        reports_last_7_days: reports,
        success_rate: successRate(scans.completed, scans.failed),
        security_overview: posture.coverage_metrics,
      };
    },
  };
}

export type DashboardService = ReturnType<typeof createDashboardService>;
