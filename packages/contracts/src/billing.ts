import { z } from 'zod';
import { PAID_TIERS, type TPaidTier } from './plans.ts';
import { textField } from './text-field.ts';

/** Who takes payments: Stripe when configured, otherwise the built-in local provider. */
export const BILLING_PROVIDERS = ['local', 'stripe'] as const;
export type TBillingProvider = (typeof BILLING_PROVIDERS)[number];

export const CHECKOUT_SESSION_STATUSES = ['open', 'completed', 'expired'] as const;

/** Pages of the web app that stand in for Stripe's hosted pages under the local provider. */
export const LOCAL_BILLING_PATHS = {
  checkout: '/dashboard/billing/checkout',
  portal: '/dashboard/billing/portal',
} as const;

/** Texts of the Billing page kept verbatim from the spec (part 1 §2, part 2 §8). */
export const BILLING_TEXT = {
  active: 'Active',
  manageBilling: 'Manage Billing',
  refreshStatus: 'Refresh Status',
  mostPopular: 'Most Popular',
  enterpriseCard: "You're on the Enterprise plan!",
  billingInformation: 'Billing Information',
} as const;

export const BILLING_MESSAGES = {
  priceIdRequired: 'price_id is required',
  priceIdTooLong: 'price_id must be at most 255 characters',
  unknownPrice: (priceId: string) =>
    `Unknown price_id "${priceId}": choose the Professional or Enterprise plan`,
  alreadyOnPlan: (tier: TPaidTier) => `You are already on the ${tier} plan`,
  noBillingAccount: 'No billing account yet: subscribe to a paid plan first',
  sessionIdInvalid: 'Checkout session id must be a UUID',
  sessionExpired: 'This checkout session has expired. Start a new checkout from the Billing page.',
  sessionCompleted: 'This checkout session has already been completed',
  notSubscribed: 'You have no paid plan to cancel',
  providerUnavailable: 'The payment provider could not be reached. Please try again.',
  signatureMissing: 'Missing Stripe-Signature header',
  signatureInvalid: 'Invalid Stripe webhook signature',
  payloadInvalid: 'Malformed Stripe webhook payload',
} as const;

/** POST /api/billing/create-checkout (spec: create-checkout with body price_id). */
export const ZCreateCheckoutBody = z.object({
  price_id: textField(BILLING_MESSAGES.priceIdRequired)
    .trim()
    .min(1, BILLING_MESSAGES.priceIdRequired)
    .max(255, BILLING_MESSAGES.priceIdTooLong),
});
export type TCreateCheckoutBody = z.infer<typeof ZCreateCheckoutBody>;

/** The page to open in a new tab: a checkout or the customer portal. */
export const ZBillingUrl = z.object({ url: z.string().min(1).max(2048) });
export type TBillingUrl = z.infer<typeof ZBillingUrl>;

export const ZPaidPlan = z.object({
  tier: z.enum(PAID_TIERS),
  price_id: z.string(),
  product_id: z.string(),
});
export type TPaidPlan = z.infer<typeof ZPaidPlan>;

/** GET /api/billing/plans: the tier table of the active provider (spec part 1 §3). */
export const ZBillingPlans = z.object({
  provider: z.enum(BILLING_PROVIDERS),
  plans: z.array(ZPaidPlan),
});
export type TBillingPlans = z.infer<typeof ZBillingPlans>;

/** GET /api/billing/usage: real counts of the caller's organization. */
export const ZBillingUsage = z.object({
  /** Start of the calendar month (UTC) the monthly scan limit counts from. */
  period_start: z.string(),
  scans_this_month: z.number().int().min(0),
  vulnerabilities: z.number().int().min(0),
  reports_this_month: z.number().int().min(0),
});
export type TBillingUsage = z.infer<typeof ZBillingUsage>;

export const ZCheckoutSessionParams = z.object({
  id: z.uuid(BILLING_MESSAGES.sessionIdInvalid),
});

/** A checkout session of the built-in local provider. */
export const ZCheckoutSession = z.object({
  id: z.uuid(),
  tier: z.enum(PAID_TIERS),
  price_id: z.string(),
  status: z.enum(CHECKOUT_SESSION_STATUSES),
  expires_at: z.string(),
  completed_at: z.string().nullable(),
});
export type TCheckoutSession = z.infer<typeof ZCheckoutSession>;

/** POST /api/billing/webhook headers: Stripe signs every delivery. */
export const ZStripeWebhookHeaders = z.object({
  'stripe-signature': textField(BILLING_MESSAGES.signatureMissing)
    .min(1, BILLING_MESSAGES.signatureMissing)
    .max(4096, BILLING_MESSAGES.signatureInvalid),
});

/** The webhook's answer; `duplicate` when the event id was already applied. */
export const ZWebhookAck = z.object({ received: z.literal(true), duplicate: z.boolean() });
export type TWebhookAck = z.infer<typeof ZWebhookAck>;

const ZStripeId = textField().min(1).max(255);
/** A Stripe reference: an id, or the object itself when expanded. */
const ZStripeRef = z
  .union([ZStripeId, z.object({ id: ZStripeId })])
  .transform((ref) => (typeof ref === 'string' ? ref : ref.id));
/** NetGuard writes the user id into the metadata of every session and subscription it creates. */
const ZStripeMetadata = z.object({ user_id: z.uuid().optional() }).nullish();

/** A verified Stripe webhook event: the fields NetGuard reads. */
export const ZStripeEvent = z.object({
  id: ZStripeId,
  type: textField().min(1).max(255),
  data: z.object({ object: z.unknown() }),
});

/** data.object of checkout.session.completed. */
export const ZStripeCheckoutSession = z.object({
  client_reference_id: z.uuid().nullish(),
  customer: ZStripeRef.nullish(),
  subscription: ZStripeRef.nullish(),
  metadata: ZStripeMetadata,
});

/** data.object of customer.subscription.created, .updated and .deleted. */
export const ZStripeSubscription = z.object({
  id: ZStripeId,
  customer: ZStripeRef,
  status: textField().min(1).max(64),
  metadata: ZStripeMetadata,
  items: z.object({
    data: z.array(
      z.object({
        price: z.object({ id: ZStripeId, product: ZStripeRef }),
        current_period_end: z.number().int().optional(),
      }),
    ),
  }),
});
export type TStripeSubscription = z.infer<typeof ZStripeSubscription>;
