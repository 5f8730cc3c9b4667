import {
  DEFAULT_PRICE_IDS,
  DEFAULT_PRODUCT_IDS,
  PAID_TIERS,
  type TPaidPlan,
  type TTierTable,
} from '@netguard/contracts';
import type { StripeSettings } from '../../config.ts';

/** Product ids of the paid tiers: Stripe's when configured, else the local provider's. */
export function tierTable(stripe?: StripeSettings): TTierTable {
  return stripe?.products ?? DEFAULT_PRODUCT_IDS;
}

/** The tier table of spec part 1 §3: each paid tier with its product id and price id. */
export function paidPlans(stripe?: StripeSettings): TPaidPlan[] {
  const prices = stripe?.prices ?? DEFAULT_PRICE_IDS;
  const products = tierTable(stripe);
  return PAID_TIERS.map((tier) => ({ tier, price_id: prices[tier], product_id: products[tier] }));
}
