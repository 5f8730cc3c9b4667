import { ANALYTICS_FALLBACK, type TDashboardHome } from '@netguard/contracts';
import { FileText, Radar, ShieldAlert, TrendingUp } from 'lucide-react';
import { StatCard } from '@/features/dashboard/components/StatCard';
import { valueOr } from '@/features/dashboard/metrics';

/** The four Overview figures: scans, vulnerabilities, reports this week and success rate. */
export function StatCards({ home }: { home: TDashboardHome }) {
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
        value={`${valueOr(home.success_rate, ANALYTICS_FALLBACK.successRate)}%`}
        detail={
          home.success_rate === null
            ? 'baseline until a scan finishes'
            : 'of finished scans completed'
        }
        icon={TrendingUp}
        tone="emerald"
      />
    </div>
  );
}
