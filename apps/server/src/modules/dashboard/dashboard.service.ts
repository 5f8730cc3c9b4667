import {
  ANALYTICS_TIMEFRAME,
  RECENT_SCANS_LIMIT,
  type TDashboardHome,
  type TPlanFeature,
} from '@netguard/contracts';
import type { Executor } from '../../db/client.ts';
import { successRate } from '../analytics/analytics.metrics.ts';
import { measurePosture, sinceFor } from '../analytics/analytics.service.ts';
import type { AuthContext } from '../auth/sessions.service.ts';
import { listScans } from '../scans/scans.repo.ts';
import { toScanListItem } from '../scans/scans.view.ts';
import * as repo from './dashboard.repo.ts';

type Deps = {
  db: Executor;
  /** Whether the organization's plan includes a feature (the subscription service's). */
  includes: (organizationId: string, feature: TPlanFeature) => Promise<boolean>;
};

export function createDashboardService({ db, includes }: Deps) {
  return {
    /**
     * The dashboard home's numbers for the caller's organization, on every plan; the Security
     * Overview is the security posture's coverage metrics over the analytics timeframe, its
     * Policy Compliance the compliance evidence module's overall score (none below Enterprise).
     */
    async home(auth: AuthContext): Promise<TDashboardHome> {
      const org = auth.organizationId;
      const evidence = await includes(org, 'compliance_evidence');
      const [recent, scans, vulnerabilities, reports, posture] = await Promise.all([
        listScans(db, org, RECENT_SCANS_LIMIT, 0),
        repo.countScansByStatus(db, org),
        repo.countVulnerabilities(db, org),
        repo.countRecentReports(db, org),
        measurePosture(db, org, sinceFor(ANALYTICS_TIMEFRAME), evidence),
      ]);
      return {
        recent_scans: recent.map(toScanListItem),
        scans,
        vulnerabilities,
        reports_last_7_days: reports,
        success_rate: successRate(scans.completed, scans.failed),
        security_overview: posture.coverage_metrics,
        compliance: posture.compliance,
      };
    },
  };
}

export type DashboardService = ReturnType<typeof createDashboardService>;
