import { PLANS } from '@netguard/contracts';
import { useState } from 'react';
import { Link } from 'react-router';
import { toast } from 'sonner';
import { Spinner } from '@/components/Spinner';
import { Button } from '@/components/ui/button';
import {
  Card,
  CardContent,
  CardDescription,
  CardFooter,
  CardHeader,
  CardTitle,
} from '@/components/ui/card';
import { useCancelPlan } from '@/features/billing/api';
import { formatBillingDate } from '@/features/billing/billing-date';
import { LocalBillingFrame } from '@/features/billing/components/LocalBillingFrame';
import { ActiveBadge, PlanPrice } from '@/features/billing/components/PlanParts';
import { useSubscription } from '@/features/subscription/subscription-context';
import { errorMessage } from '@/lib/api-client';

/** The built-in provider's customer portal: the plan in force, and a way to cancel it. */
export function LocalPortalPage() {
  const { tier, subscribed, subscription_end, loading } = useSubscription();
  const cancel = useCancelPlan();
  const [confirming, setConfirming] = useState(false);
  const plan = PLANS.find((p) => p.tier === tier);
  const cancelPlan = () =>
    cancel.mutate(undefined, {
      onSuccess: () => {
        setConfirming(false);
        toast.success('Plan cancelled', { description: 'You are back on the Free plan.' });
      },
      onError: (error) =>
        toast.error('Error cancelling plan', { description: errorMessage(error) }),
    });

  return (
    <LocalBillingFrame>
      <Card>
        <CardHeader>
          <CardDescription>Billing Portal</CardDescription>
          {loading ? (
            <Spinner />
          ) : (
            <CardTitle className="flex items-center gap-3 text-2xl" data-testid="portal-plan">
              {tier}
              <ActiveBadge />
            </CardTitle>
          )}
        </CardHeader>
        <CardContent className="space-y-1 text-sm">
          {plan && <PlanPrice plan={plan} className="pb-2" />}
          <p className="text-muted-foreground">
            Next billing date:{' '}
            <span className="font-medium text-foreground">
              {formatBillingDate(subscription_end)}
            </span>
          </p>
          {confirming && (
            <p className="pt-3 font-medium text-destructive">
              Cancel the {tier} plan now? Paid features stop at once.
            </p>
          )}
        </CardContent>
        <CardFooter className="flex-col gap-2 sm:flex-row sm:justify-end">
          <Button asChild variant="ghost" className="w-full sm:w-auto">
            <Link to="/dashboard/billing">{subscribed ? 'Back to Billing' : 'Choose a plan'}</Link>
          </Button>
          {subscribed && !confirming && (
            <Button
              variant="outline"
              className="w-full sm:w-auto"
              onClick={() => setConfirming(true)}
            >
              Cancel Plan
            </Button>
          )}
          {subscribed && confirming && (
            <Button
              variant="destructive"
              className="w-full sm:w-auto"
              onClick={cancelPlan}
              disabled={cancel.isPending}
            >
              {cancel.isPending ? 'Cancelling...' : 'Confirm Cancellation'}
            </Button>
          )}
        </CardFooter>
      </Card>
    </LocalBillingFrame>
  );
}
