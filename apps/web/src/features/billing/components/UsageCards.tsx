import { FREE_PLAN_LIMITS } from '@netguard/contracts';
import { FileText, Radar, ShieldAlert } from 'lucide-react';
import { useEffect } from 'react';
import { useBillingUsage } from '@/features/billing/api';
import { StatCard } from '@/features/dashboard/components/StatCard';
import { useSubscription } from '@/features/subscription/subscription-context';

const FREE_SCANS_DETAIL = `of ${FREE_PLAN_LIMITS.scansPerMonth} on the Free plan, at most ${FREE_PLAN_LIMITS.maxTargetsPerScan} targets each`;

/** Real usage of the organization; on the Free plan, scans against its monthly limit. */
export function UsageCards() {
  const usage = useBillingUsage();
  const { subscribed } = useSubscription();
  useEffect(() => {
    // Like the dashboard's data errors, a failed usage load is only logged (spec part 1 §8).
    if (usage.error) console.error('Usage could not be loaded:', usage.error);
  }, [usage.error]);
  const value = (n: number | undefined) => n ?? '—';

  return (
    <section aria-label="Usage" className="grid gap-4 sm:grid-cols-3">
      <StatCard
        title="Scans This Month"
        value={value(usage.data?.scans_this_month)}
        detail={subscribed ? 'Unlimited on your plan' : FREE_SCANS_DETAIL}
        icon={Radar}
      />
      <StatCard
        title="Vulnerabilities Found"
        value={value(usage.data?.vulnerabilities)}
        detail="Across your organization's scans"
        icon={ShieldAlert}
        tone="red"
      />
      <StatCard
        title="Reports Generated"
        value={value(usage.data?.reports_this_month)}
        detail="This month"
        icon={FileText}
        tone="violet"
      />
    </section>
  );
}
