import { BILLING_TEXT, type TPaidTier, UI_TEXT } from '@netguard/contracts';
import { CreditCard, Loader2, RefreshCw } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { toast } from 'sonner';
import { PageHeader } from '@/components/PageHeader';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { useBillingPlans } from '@/features/billing/api';
import { BillingInfoCard } from '@/features/billing/components/BillingInfoCard';
import { CurrentPlanCard } from '@/features/billing/components/CurrentPlanCard';
import { EnterpriseCard } from '@/features/billing/components/EnterpriseCard';
import { PlanCards } from '@/features/billing/components/PlanCards';
import { UsageCards } from '@/features/billing/components/UsageCards';
import { useBillingActions } from '@/features/billing/use-billing-actions';
import { useSubscription } from '@/features/subscription/subscription-context';
import { errorMessage } from '@/lib/api-client';

/** The Billing page (spec part 1 §2): plan, usage, plan cards and billing information. */
export function BillingPage() {
  const { subscribed, tier, refresh } = useSubscription();
  const plans = useBillingPlans();
  const actions = useBillingActions();
  const [refreshing, setRefreshing] = useState(false);
  const [params] = useSearchParams();
  const { recheck } = actions;

  // Back from a Stripe checkout: its webhook may land a moment later.
  const returnedFromCheckout = params.get('checkout') === 'success';
  useEffect(() => {
    if (returnedFromCheckout) recheck();
  }, [returnedFromCheckout, recheck]);

  const refreshStatus = async () => {
    setRefreshing(true);
    await refresh();
    setRefreshing(false);
  };
  const checkout = (tier: TPaidTier) => {
    const plan = plans.data?.plans.find((p) => p.tier === tier);
    if (plan) return actions.startCheckout(plan.price_id);
    const reason = plans.error ? errorMessage(plans.error) : 'Plans are still loading.';
    toast.error(UI_TEXT.checkoutError, { description: reason });
  };

  return (
    <div className="space-y-6">
      <PageHeader
        icon={CreditCard}
        title="Billing"
        subtitle="Manage your subscription and usage"
        actions={
          <Button variant="outline" onClick={refreshStatus} disabled={refreshing}>
            <RefreshCw className={refreshing ? 'animate-spin' : undefined} aria-hidden="true" />
            {BILLING_TEXT.refreshStatus}
          </Button>
        }
      />

      {actions.rechecking && (
        <Alert>
          <Loader2 className="animate-spin" aria-hidden="true" />
          <AlertTitle>Waiting for your billing change</AlertTitle>
          <AlertDescription>
            Finish in the tab that just opened. This page checks your subscription every 3 seconds
            for 30 seconds.
          </AlertDescription>
        </Alert>
      )}

      <CurrentPlanCard onManage={actions.openPortal} opening={actions.openingPortal} />
      <UsageCards />

      {tier === 'Enterprise' ? (
        <EnterpriseCard />
      ) : (
        <PlanCards
          current={tier}
          processing={actions.processing}
          onCheckout={checkout}
          onPortal={actions.openPortal}
        />
      )}

      {subscribed && <BillingInfoCard provider={plans.data?.provider} />}
    </div>
  );
}
