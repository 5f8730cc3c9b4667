import type { TBillingProvider, TPaidPlan } from '@netguard/contracts';
import type { AuthContext } from '../auth/sessions.service.ts';

/** A payment provider: Stripe, or the built-in local one. Both answer with a page to open. */
export type BillingProvider = {
  name: TBillingProvider;
  /** The URL of a checkout page for `plan`; the web app opens it in a new tab. */
  createCheckout(auth: AuthContext, plan: TPaidPlan): Promise<string>;
  /** The URL of the customer portal, where the plan is seen and cancelled. */
  createPortal(auth: AuthContext): Promise<string>;
};
