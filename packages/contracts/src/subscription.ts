import { z } from 'zod';

export const ZSubscriptionStatus = z.object({
  subscribed: z.boolean(),
  product_id: z.string().nullable(),
  subscription_end: z.string().nullable(),
  tier: z.enum(['Free', 'Professional', 'Enterprise', 'Unknown']),
});
export type TSubscriptionStatus = z.infer<typeof ZSubscriptionStatus>;

/** Status used when a check fails: not subscribed, no product, no end date. */
export const UNSUBSCRIBED: TSubscriptionStatus = {
  subscribed: false,
  product_id: null,
  subscription_end: null,
  tier: 'Free',
};
