import { PLANS, type TPaidTier, type TTier } from '@netguard/contracts';
import { PlanCard } from '@/features/billing/components/PlanCard';
import { planAction } from '@/features/billing/plan-action';

type Props = {
  current: TTier;
  processing: boolean;
  onCheckout: (tier: TPaidTier) => void;
  onPortal: () => void;
};

/** Free, Professional and Enterprise side by side. */
export function PlanCards({ current, processing, onCheckout, onPortal }: Props) {
  return (
    <section aria-label="Plans" className="grid gap-6 pt-2 md:grid-cols-3">
      {PLANS.map(({ tier, ...plan }) => {
        const action = planAction(tier, current, processing);
        const select = () => {
          if (action.kind === 'portal') onPortal();
          if (action.kind === 'checkout' && tier !== 'Free') onCheckout(tier);
        };
        return <PlanCard key={tier} plan={{ tier, ...plan }} action={action} onSelect={select} />;
      })}
    </section>
  );
}
