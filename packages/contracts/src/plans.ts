import { EVERYTHING_IN_PROFESSIONAL, featureLines, UNLIMITED_SCANS } from './plan-features.ts';

export const TIERS = ['Free', 'Professional', 'Enterprise'] as const;
export type TTier = (typeof TIERS)[number] | 'Unknown';
/** The tiers a checkout can buy. */
export const PAID_TIERS = ['Professional', 'Enterprise'] as const;
export type TPaidTier = (typeof PAID_TIERS)[number];

/** Free plan limits, enforced by the scan service and shown on the Billing page. */
export const FREE_PLAN_LIMITS = { scansPerMonth: 5, maxTargetsPerScan: 10 } as const;

export type TPlan = {
  tier: (typeof TIERS)[number];
  price: string;
  period: string;
  features: string[];
  popular?: boolean;
};

/**
 * Plans and prices (spec part 1 §9). A paid card's lines after its limits come from the plan
 * matrix (PLAN_FEATURES): what a card sells is what the plan unlocks.
 */
export const PLANS: readonly TPlan[] = [
  {
    tier: 'Free',
    price: '$0',
    period: 'forever',
    features: [
      `${FREE_PLAN_LIMITS.scansPerMonth} scans per month`,
      `At most ${FREE_PLAN_LIMITS.maxTargetsPerScan} scan targets`,
      'Basic reporting',
    ],
  },
  {
    tier: 'Professional',
    price: '$99',
    period: 'per month',
    features: [UNLIMITED_SCANS, ...featureLines('Professional')],
    popular: true,
  },
  {
    tier: 'Enterprise',
    price: '$299',
    period: 'per month',
    features: [EVERYTHING_IN_PROFESSIONAL, ...featureLines('Enterprise')],
  },
];

/** Product ids of the built-in local billing provider; Stripe deployments configure their own. */
export const DEFAULT_PRODUCT_IDS = {
  Professional: 'prod_netguard_professional',
  Enterprise: 'prod_netguard_enterprise',
} as const;

/** Price ids of the built-in local billing provider, one per paid product. */
export const DEFAULT_PRICE_IDS = {
  Professional: 'price_netguard_professional',
  Enterprise: 'price_netguard_enterprise',
} as const;

export type TTierTable = { Professional: string; Enterprise: string };

/** Derives the tier from a payment-provider product id: none is Free, an unknown one is Unknown. */
export function tierFromProductId(
  productId: string | null | undefined,
  table: TTierTable = DEFAULT_PRODUCT_IDS,
): TTier {
  if (!productId) return 'Free';
  if (productId === table.Professional) return 'Professional';
  if (productId === table.Enterprise) return 'Enterprise';
  return 'Unknown';
}
