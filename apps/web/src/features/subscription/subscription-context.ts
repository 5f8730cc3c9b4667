import { type TSubscriptionStatus, UI_TEXT } from '@netguard/contracts';
import { createContext, useContext } from 'react';

export type TSubscriptionContext = TSubscriptionStatus & {
  /** True while the first check for the current user is running. */
  loading: boolean;
  /** Re-checks now, e.g. after a checkout. */
  refresh: () => Promise<void>;
};

export const SubscriptionContext = createContext<TSubscriptionContext | null>(null);

/** The current user's subscription; only valid inside a SubscriptionProvider. */
export function useSubscription(): TSubscriptionContext {
  const context = useContext(SubscriptionContext);
  if (!context) throw new Error(UI_TEXT.subscriptionProviderMissing);
  return context;
}
