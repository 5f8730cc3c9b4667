import { UI_TEXT } from '@netguard/contracts';
import { Crown } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';

/** The amber banner shown to users without a subscription. */
export function UpgradeBanner() {
  return (
    <section
      aria-label="Upgrade"
      data-testid="upgrade-banner"
      className="flex flex-col gap-3 rounded-xl border border-amber-200 bg-amber-50 p-4 sm:flex-row sm:items-center sm:justify-between"
    >
      <div className="flex items-center gap-3">
        <span className="flex size-9 shrink-0 items-center justify-center rounded-lg bg-amber-100 text-amber-700">
          <Crown className="size-5" aria-hidden="true" />
        </span>
        <p className="text-sm font-medium text-amber-900">{UI_TEXT.upgradeBanner}</p>
      </div>
      <Button asChild className="bg-amber-500 text-white hover:bg-amber-600">
        <Link to="/dashboard/billing">Upgrade Now</Link>
      </Button>
    </section>
  );
}
