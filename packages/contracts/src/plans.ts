export const TIERS = ['Free', 'Professional', 'Enterprise'] as const;
export type TTier = (typeof TIERS)[number] | 'Unknown';

export type TPlan = {
  tier: (typeof TIERS)[number];
  price: string;
  period: string;
  features: string[];
  popular?: boolean;
};

/** Plans and prices (spec part 1 §9). */
export const PLANS: readonly TPlan[] = [
  {
    tier: 'Free',
    price: '$0',
    period: 'forever',
    features: ['5 scans per month', 'At most 10 scan targets', 'Basic reporting'],
  },
  {
    tier: 'Professional',
    price: '$99',
    period: 'per month',
    features: ['Unlimited scans', 'API access', 'MFA and SSO'],
    popular: true,
  },
  {
    tier: 'Enterprise',
    price: '$299',
    period: 'per month',
    features: ['Everything in Professional', 'Custom integrations', 'Enterprise security center'],
  },
];

/** Free plan limits enforced by the server. */
export const FREE_PLAN_LIMITS = { scansPerMonth: 5, maxTargetsPerScan: 10 } as const;

/** Product ids of the built-in local billing provider; Stripe deployments configure their own. */
export const DEFAULT_PRODUCT_IDS = {
  Professional: 'prod_netguard_professional',
  Enterprise: 'prod_netguard_enterprise',
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
