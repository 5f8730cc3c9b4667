import type { TDashboardHome } from '@netguard/contracts';
import { FileText, Radar, ShieldAlert, TrendingUp } from 'lucide-react';
import { StatCard } from '@/features/dashboard/components/StatCard';
import { METRIC_DEFINITIONS } from '@/features/dashboard/metric-definitions';
import { successRateFigure } from '@/features/dashboard/metrics';

/** The four Overview figures: scans, vulnerabilities, reports this week and success rate. */
export function StatCards({ home }: { home: TDashboardHome }) {
  const success = successRateFigure(home);
  return (
    <div className="grid grid-cols-2 gap-3 sm:gap-4 xl:grid-cols-4">
      <StatCard
        title="Total Scans"
        value={home.scans.total}
        detail={`${home.scans.running} running`}
        icon={Radar}
      />
      <StatCard
        title="Vulnerabilities"
        value={home.vulnerabilities.total}
        detail={`${home.vulnerabilities.critical} critical`}
        icon={ShieldAlert}
        tone="red"
      />
      <StatCard
        title="Reports"
        value={home.reports_last_7_days}
        detail="generated this week"
        icon={FileText}
        tone="violet"
      />
      <StatCard
        title="Success Rate"
        value={success.value === null ? '—' : `${success.value}%`}
        detail={success.value === null ? success.missing : 'of finished scans completed'}
        definition={METRIC_DEFINITIONS.successRate}
        icon={TrendingUp}
        tone="emerald"
      />
    </div>
  );
}
