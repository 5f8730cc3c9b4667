import type { TTier } from '@netguard/contracts';
import { scanQuota } from '@/features/topology/port-scan-quota';

export type TRemainingScans = { text: string; exhausted: boolean };

/**
 * What the plan still allows this month, shown before Launch: unlimited on a paid plan, else
 * the Free plan's monthly scans minus those already used (as the server counts them).
 */
export function remainingScans(
  plan: { subscribed: boolean; tier: TTier },
  usedThisMonth: number | undefined,
): TRemainingScans {
  const usage = usedThisMonth === undefined ? undefined : { scans_this_month: usedThisMonth };
  const quota = scanQuota(plan, usage);
  if (quota.kind === 'unlimited') {
    const name = plan.tier === 'Unknown' ? 'your' : `the ${plan.tier}`;
    return { text: `Unlimited scans on ${name} plan`, exhausted: false };
  }
  const { limit, remaining } = quota;
  if (remaining === null) return { text: 'Checking this month’s scans…', exhausted: false };
  if (remaining === 0) {
    return {
      text: `No scans left this month: the Free plan allows ${limit} per month.`,
      exhausted: true,
    };
  }
  return {
    text: `${remaining} of ${limit} scans left this month on the Free plan`,
    exhausted: false,
  };
}
