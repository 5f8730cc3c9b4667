import {
  type TCreateCheckoutBody,
  ZBillingPlans,
  ZBillingUrl,
  ZBillingUsage,
  ZCheckoutSession,
  ZSubscriptionStatus,
} from '@netguard/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useSubscription } from '@/features/subscription/subscription-context';
import { apiRequest } from '@/lib/api-client';

export const billingKeys = {
  plans: ['billing', 'plans'] as const,
  usage: ['billing', 'usage'] as const,
  checkout: (id: string) => ['billing', 'checkout', id] as const,
};

/** The active provider and the price id of each paid plan. */
export function useBillingPlans() {
  return useQuery({
    queryKey: billingKeys.plans,
    queryFn: ({ signal }) => apiRequest('/api/billing/plans', { schema: ZBillingPlans, signal }),
  });
}

/** Scans, findings and reports of the caller's organization, for the usage cards. */
export function useBillingUsage() {
  return useQuery({
    queryKey: billingKeys.usage,
    queryFn: ({ signal }) => apiRequest('/api/billing/usage', { schema: ZBillingUsage, signal }),
  });
}

/** create-checkout (spec part 1 §7): the URL of a checkout for the price. */
export const createCheckout = (body: TCreateCheckoutBody) =>
  apiRequest('/api/billing/create-checkout', { method: 'POST', body, schema: ZBillingUrl });

/** customer-portal (spec part 1 §7): the URL of the billing portal. */
export const createPortal = () =>
  apiRequest('/api/billing/customer-portal', { method: 'POST', schema: ZBillingUrl });

/** A checkout session of the built-in provider, for its checkout page. */
export function useCheckoutSession(id: string) {
  return useQuery({
    queryKey: billingKeys.checkout(id),
    queryFn: ({ signal }) =>
      apiRequest(`/api/billing/checkout-sessions/${encodeURIComponent(id)}`, {
        schema: ZCheckoutSession,
        signal,
      }),
  });
}

/** Confirms a built-in checkout; the subscription is re-checked at once. */
export function useCompleteCheckout(id: string) {
  const queryClient = useQueryClient();
  const { refresh } = useSubscription();
  return useMutation({
    mutationFn: () =>
      apiRequest(`/api/billing/checkout-sessions/${encodeURIComponent(id)}/complete`, {
        method: 'POST',
        schema: ZCheckoutSession,
      }),
    onSuccess: async (session) => {
      queryClient.setQueryData(billingKeys.checkout(id), session);
      await refresh();
    },
  });
}

/** Cancels the plan in the built-in portal. */
export function useCancelPlan() {
  const { refresh } = useSubscription();
  return useMutation({
    mutationFn: () =>
      apiRequest('/api/billing/cancel', { method: 'POST', schema: ZSubscriptionStatus }),
    onSuccess: () => refresh(),
  });
}
