import { Link } from 'react-router';
import { useBillingUsage } from '@/features/billing/api';
import { remainingScans } from '@/features/scans/remaining-scans';
import { useSubscription } from '@/features/subscription/subscription-context';
import { cn } from '@/lib/utils';

/** The scans the plan still allows this month, shown above Launch Scan. */
export function useRemainingScans() {
  const subscription = useSubscription();
  const usage = useBillingUsage();
  if (usage.error && !subscription.subscribed) {
    return { text: 'The scans left this month could not be checked.', exhausted: false };
  }
  // Until the plan is known, a paid account must not read as Free.
  const used = subscription.loading ? undefined : usage.data?.scans_this_month;
  return remainingScans(subscription, used);
}

export function RemainingScans({ text, exhausted }: ReturnType<typeof useRemainingScans>) {
  return (
    <p
      className={cn(
        'rounded-md border px-3 py-2 text-sm',
        exhausted ? 'border-amber-300 bg-amber-50 text-amber-900' : 'bg-muted/40',
      )}
      data-testid="remaining-scans"
      aria-live="polite"
    >
      {text}
      {exhausted && (
        <>
          {' '}
          <Link to="/dashboard/billing" className="font-medium underline underline-offset-2">
            Upgrade to Professional
          </Link>{' '}
          for unlimited scans.
        </>
      )}
    </p>
  );
}
