import { RECENT_SCANS_LIMIT, type TDashboardHome } from '@netguard/contracts';
import type { Executor } from '../../db/client.ts';
import type { AuthContext } from '../auth/sessions.service.ts';
import { listScans } from '../scans/scans.repo.ts';
import { toScanListItem } from '../scans/scans.view.ts';
import * as repo from './dashboard.repo.ts';

/** Percent of finished scans that completed, rounded; null when none has finished. */
export function successRate(completed: number, failed: number): number | null {
  const finished = completed + failed;
  return finished === 0 ? null : Math.round((completed / finished) * 100);
}

export function createDashboardService({ db }: { db: Executor }) {
  return {
    /** The dashboard home's numbers for the caller's organization. */
    async home(auth: AuthContext): Promise<TDashboardHome> {
      const org = auth.organizationId;
      const [recent, scans, vulnerabilities, reports] = await Promise.all([
        listScans(db, org, RECENT_SCANS_LIMIT, 0),
        repo.countScansByStatus(db, org),
        repo.countVulnerabilities(db, org),
        repo.countRecentReports(db, org),
      ]);
      return {
        recent_scans: recent.map(toScanListItem),
        scans,
        vulnerabilities,
        reports_last_7_days: reports,
        success_rate: successRate(scans.completed, scans.failed),
      };
    },
  };
}

export type DashboardService = ReturnType<typeof createDashboardService>;
