import { BILLING_TEXT, PLANS, type TBillingProvider } from '@netguard/contracts';
import { Receipt } from 'lucide-react';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { formatBillingDate } from '@/features/billing/billing-date';
import { useSubscription } from '@/features/subscription/subscription-context';

const PROVIDER_TEXT: Record<TBillingProvider, string> = {
  stripe: 'Stripe: card details and invoices are in the billing portal',
  local: 'Built-in billing of this NetGuard server: no card is charged',
};

/** Plan, price, renewal and who bills it: shown to subscribers. */
export function BillingInfoCard({ provider }: { provider: TBillingProvider | undefined }) {
  const { tier, subscription_end, product_id } = useSubscription();
  const plan = PLANS.find((p) => p.tier === tier);
  const rows = [
    ['Plan', tier],
    ['Price', plan ? `${plan.price} ${plan.period}` : '—'],
    ['Renews on', formatBillingDate(subscription_end)],
    ['Billed through', provider ? PROVIDER_TEXT[provider] : '—'],
    ['Product', product_id ?? '—'],
  ];
  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <Receipt className="size-5" aria-hidden="true" />
          {BILLING_TEXT.billingInformation}
        </CardTitle>
        <CardDescription>Use Manage Billing to change or cancel your plan.</CardDescription>
      </CardHeader>
      <CardContent>
        <dl className="grid gap-x-6 gap-y-3 text-sm sm:grid-cols-[10rem_1fr]">
          {rows.map(([label, value]) => (
            <div key={label} className="contents">
              <dt className="text-muted-foreground">{label}</dt>
              <dd className="font-medium break-all">{value}</dd>
            </div>
          ))}
        </dl>
      </CardContent>
    </Card>
  );
}
