import { FREE_PLAN_LIMITS, type TBillingUsage } from '@netguard/contracts';

/** How many scans the caller's plan still allows this month. */
export type TScanQuota =
  | { kind: 'unlimited'; tier: string }
  | { kind: 'limited'; limit: number; remaining: number | null };

/** Subscribers scan without limit; the Free plan counts scans per calendar month. */
export function scanQuota(
  subscription: { subscribed: boolean; tier: string },
  usage: Pick<TBillingUsage, 'scans_this_month'> | undefined,
): TScanQuota {
  if (subscription.subscribed) return { kind: 'unlimited', tier: subscription.tier };
  const limit = FREE_PLAN_LIMITS.scansPerMonth;
  const remaining = usage ? Math.max(0, limit - usage.scans_this_month) : null;
  return { kind: 'limited', limit, remaining };
}

/** The confirm dialog's sentence about the plan's monthly scans. */
export function quotaText(quota: TScanQuota): string {
  if (quota.kind === 'unlimited') return `Your ${quota.tier} plan has unlimited scans.`;
  const counts = `It counts as one of the Free plan's ${quota.limit} scans per month`;
  if (quota.remaining === null) return `${counts}.`;
  if (quota.remaining === 0)
    return `You have used all ${quota.limit} scans of the Free plan this month, so it would be refused.`;
  return `${counts}: ${quota.remaining} of ${quota.limit} left this month, ${quota.remaining - 1} after this one.`;
}
