import { FREE_PLAN_LIMITS, type TTier } from '@netguard/contracts';

export type TRemainingScans = { text: string; exhausted: boolean };

/**
 * What the plan still allows this month, shown before Launch: unlimited on a paid plan, else
 * the Free plan's monthly scans minus those already used (as the server counts them).
 */
export function remainingScans(
  plan: { subscribed: boolean; tier: TTier },
  usedThisMonth: number | undefined,
): TRemainingScans {
  if (plan.subscribed) {
    const name = plan.tier === 'Unknown' ? 'your' : `the ${plan.tier}`;
    return { text: `Unlimited scans on ${name} plan`, exhausted: false };
  }
  const limit = FREE_PLAN_LIMITS.scansPerMonth;
  if (usedThisMonth === undefined)
    return { text: 'Checking this month’s scans…', exhausted: false };
  const left = Math.max(0, limit - usedThisMonth);
  if (left === 0) {
    return {
      text: `No scans left this month: the Free plan allows ${limit} per month.`,
      exhausted: true,
    };
  }
  return {
    text: `${left} of ${limit} scans left this month on the Free plan`,
    exhausted: false,
  };
}
