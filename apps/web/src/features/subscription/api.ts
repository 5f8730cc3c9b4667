import {
  SUBSCRIPTION_RECHECK_MS,
  type TSubscriptionStatus,
  UNSUBSCRIBED,
  ZSubscriptionStatus,
} from '@netguard/contracts';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

export const subscriptionKeys = {
  all: ['subscription'] as const,
  status: (userId: string | null) => [...subscriptionKeys.all, 'status', userId] as const,
};

/** Checks the subscription; a failed check counts as not subscribed (spec §4) and is only logged. */
async function checkSubscription(): Promise<TSubscriptionStatus> {
  try {
    return await apiRequest('/api/subscription', { schema: ZSubscriptionStatus });
  } catch (error) {
    console.error('Subscription check failed:', error);
    return UNSUBSCRIBED;
  }
}

/** The caller's subscription, re-checked when the user changes and every 60 s. */
export function useSubscriptionStatus(userId: string | null) {
  return useQuery({
    queryKey: subscriptionKeys.status(userId),
    queryFn: checkSubscription,
    enabled: userId !== null,
    refetchInterval: SUBSCRIPTION_RECHECK_MS,
    staleTime: SUBSCRIPTION_RECHECK_MS,
  });
}
