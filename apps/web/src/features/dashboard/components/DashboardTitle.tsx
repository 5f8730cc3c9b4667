import { Crown } from 'lucide-react';
import { Badge } from '@/components/ui/badge';
import { NewScanButton } from '@/features/scans/components/NewScanButton';
import { useSubscription } from '@/features/subscription/subscription-context';

/** "Enterprise Dashboard" with the plan badge for subscribers and the New Scan button. */
export function DashboardTitle() {
  const { subscribed, tier } = useSubscription();
  return (
    <div className="flex flex-col gap-4 sm:flex-row sm:items-center sm:justify-between">
      <div className="space-y-1">
        <div className="flex flex-wrap items-center gap-3">
          <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">Enterprise Dashboard</h1>
          {subscribed && (
            <Badge className="bg-linear-to-r from-blue-600 to-violet-600" data-testid="plan-badge">
              <Crown aria-hidden="true" />
              {tier}
            </Badge>
          )}
        </div>
        <p className="text-sm text-muted-foreground">
          Monitor scans, vulnerabilities and your security posture.
        </p>
      </div>
      <NewScanButton />
    </div>
  );
}
