import type { TDashboardHome } from '@netguard/contracts';
import { RecentScans } from '@/features/dashboard/components/RecentScans';
import { SecurityOverview } from '@/features/dashboard/components/SecurityOverview';
import { StatCards } from '@/features/dashboard/components/StatCards';
import { securityOverview } from '@/features/dashboard/metrics';

export function OverviewTab({ home }: { home: TDashboardHome }) {
  return (
    <div className="space-y-6">
      <StatCards home={home} />
      <div className="grid gap-6 lg:grid-cols-5">
        <div className="lg:col-span-3">
          <RecentScans scans={home.recent_scans} />
        </div>
        <div className="lg:col-span-2">
          <SecurityOverview overview={securityOverview(home)} />
        </div>
      </div>
    </div>
  );
}
