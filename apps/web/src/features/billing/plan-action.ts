import type { TPlan, TTier } from '@netguard/contracts';

export type TPlanAction = {
  label: string;
  /** checkout: open a checkout for the plan; portal: manage (or end) the current plan there. */
  kind: 'checkout' | 'portal' | 'none';
  disabled: boolean;
};

/**
 * The button of a plan card (spec part 2 §5): disabled for the current plan and while a checkout
 * is processing. Moving down to Free happens in the billing portal.
 */
export function planAction(plan: TPlan['tier'], current: TTier, processing: boolean): TPlanAction {
  if (plan === current) return { label: 'Current Plan', kind: 'none', disabled: true };
  if (plan === 'Free') return { label: 'Downgrade', kind: 'portal', disabled: processing };
  return { label: `Upgrade to ${plan}`, kind: 'checkout', disabled: processing };
}
