import { BILLING_TEXT, type TPlan } from '@netguard/contracts';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardFooter, CardHeader, CardTitle } from '@/components/ui/card';
import { PlanFeatures, PlanPrice } from '@/features/billing/components/PlanParts';
import type { TPlanAction } from '@/features/billing/plan-action';
import { cn } from '@/lib/utils';

type Props = { plan: TPlan; action: TPlanAction; onSelect: () => void };

/** One plan: price, features and its button; Professional carries the Most Popular mark. */
export function PlanCard({ plan, action, onSelect }: Props) {
  return (
    <Card
      className={cn('relative', plan.popular && 'border-primary shadow-md ring-1 ring-primary')}
      aria-label={`${plan.tier} plan`}
      role="group"
    >
      {plan.popular && (
        <Badge className="absolute -top-2.5 left-1/2 -translate-x-1/2">
          {BILLING_TEXT.mostPopular}
        </Badge>
      )}
      <CardHeader>
        <CardTitle className="text-lg">{plan.tier}</CardTitle>
        <PlanPrice plan={plan} />
      </CardHeader>
      <CardContent className="flex-1">
        <PlanFeatures plan={plan} />
      </CardContent>
      <CardFooter>
        <Button
          className="w-full"
          variant={plan.popular ? 'default' : 'outline'}
          disabled={action.disabled}
          onClick={onSelect}
        >
          {action.label}
        </Button>
      </CardFooter>
    </Card>
  );
}
