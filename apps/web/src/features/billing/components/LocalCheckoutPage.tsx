import { PLANS, UI_TEXT } from '@netguard/contracts';
import { CircleCheck } from 'lucide-react';
import { Link } from 'react-router';
import { toast } from 'sonner';
import { Spinner } from '@/components/Spinner';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import {
  Card,
  CardContent,
  CardDescription,
  CardFooter,
  CardHeader,
  CardTitle,
} from '@/components/ui/card';
import { useCheckoutSession, useCompleteCheckout } from '@/features/billing/api';
import { LocalBillingFrame } from '@/features/billing/components/LocalBillingFrame';
import { PlanFeatures, PlanPrice } from '@/features/billing/components/PlanParts';
import { errorMessage } from '@/lib/api-client';

const BACK = '/dashboard/billing';

/** The built-in provider's checkout: review the plan and confirm it. */
export function LocalCheckoutPage({ sessionId }: { sessionId: string }) {
  const session = useCheckoutSession(sessionId);
  const complete = useCompleteCheckout(sessionId);
  const confirm = () =>
    complete.mutate(undefined, {
      onError: (error) => toast.error(UI_TEXT.checkoutError, { description: errorMessage(error) }),
    });

  if (session.isPending)
    return (
      <LocalBillingFrame>
        <div className="flex justify-center">
          <Spinner className="size-8" />
        </div>
      </LocalBillingFrame>
    );
  if (session.error || session.data.status === 'expired') {
    const message = session.error
      ? errorMessage(session.error)
      : 'This checkout has expired. Start a new one from the Billing page.';
    return (
      <LocalBillingFrame>
        <Alert variant="destructive">
          <AlertTitle>Checkout unavailable</AlertTitle>
          <AlertDescription>
            <p>{message}</p>
            <Link to={BACK} className="font-medium underline">
              Back to Billing
            </Link>
          </AlertDescription>
        </Alert>
      </LocalBillingFrame>
    );
  }

  const { tier, status } = session.data;
  const plan = PLANS.find((p) => p.tier === tier);
  if (status === 'completed')
    return (
      <LocalBillingFrame>
        <Card>
          <CardHeader className="items-center text-center">
            <CircleCheck className="mx-auto size-10 text-emerald-600" aria-hidden="true" />
            <CardTitle className="text-xl">You're on the {tier} plan</CardTitle>
            <CardDescription>
              Your Billing tab picks up the change within a few seconds. You can close this tab.
            </CardDescription>
          </CardHeader>
          <CardFooter className="justify-center">
            <Button asChild variant="outline">
              <Link to={BACK}>Go to Billing</Link>
            </Button>
          </CardFooter>
        </Card>
      </LocalBillingFrame>
    );

  return (
    <LocalBillingFrame>
      <Card>
        <CardHeader>
          <CardDescription>Subscribe to NetGuard</CardDescription>
          <CardTitle className="text-2xl">{tier}</CardTitle>
          {plan && <PlanPrice plan={plan} />}
        </CardHeader>
        <CardContent>{plan && <PlanFeatures plan={plan} />}</CardContent>
        <CardFooter className="flex-col gap-2 sm:flex-row sm:justify-end">
          <Button asChild variant="ghost" className="w-full sm:w-auto">
            <Link to={BACK}>Cancel</Link>
          </Button>
          <Button className="w-full sm:w-auto" onClick={confirm} disabled={complete.isPending}>
            {complete.isPending ? 'Confirming...' : 'Confirm Subscription'}
          </Button>
        </CardFooter>
      </Card>
    </LocalBillingFrame>
  );
}
