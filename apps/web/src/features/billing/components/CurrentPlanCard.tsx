import { BILLING_TEXT, PLANS } from '@netguard/contracts';
import { CalendarDays, Crown, ExternalLink } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { formatBillingDate } from '@/features/billing/billing-date';
import { ActiveBadge, PlanPrice } from '@/features/billing/components/PlanParts';
import { useSubscription } from '@/features/subscription/subscription-context';

type Props = { onManage: () => void; opening: boolean };

/** The plan in force, its Active badge, the next billing date and Manage Billing. */
export function CurrentPlanCard({ onManage, opening }: Props) {
  const { tier, subscription_end } = useSubscription();
  const plan = PLANS.find((p) => p.tier === tier);
  return (
    <Card data-testid="current-plan">
      <CardHeader>
        <CardDescription>Current Plan</CardDescription>
        <CardTitle className="flex flex-wrap items-center gap-3 text-2xl">
          <Crown className="size-6 text-amber-500" aria-hidden="true" />
          {tier}
          <ActiveBadge />
        </CardTitle>
      </CardHeader>
      <CardContent className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
        <div className="space-y-1 text-sm">
          {plan && <PlanPrice plan={plan} />}
          <p className="flex items-center gap-2 text-muted-foreground">
            <CalendarDays className="size-4" aria-hidden="true" />
            Next billing date:{' '}
            <span className="font-medium text-foreground" data-testid="next-billing-date">
              {formatBillingDate(subscription_end)}
            </span>
          </p>
        </div>
        <Button variant="outline" onClick={onManage} disabled={opening}>
          <ExternalLink aria-hidden="true" />
          {opening ? 'Opening...' : BILLING_TEXT.manageBilling}
        </Button>
      </CardContent>
    </Card>
  );
}
