import { UNSUBSCRIBED } from '@netguard/contracts';
import { type ReactNode, useCallback, useMemo } from 'react';
import { useAuth } from '@/features/auth/auth-context';
import { useSubscriptionStatus } from '@/features/subscription/api';
import {
  SubscriptionContext,
  type TSubscriptionContext,
} from '@/features/subscription/subscription-context';

/** Provides the subscription status of the signed-in user; cleared when nobody is signed in. */
export function SubscriptionProvider({ children }: { children: ReactNode }) {
  const { user } = useAuth();
  const userId = user?.id ?? null;
  const query = useSubscriptionStatus(userId);
  const { refetch } = query;

  const refresh = useCallback(async () => {
    if (userId) await refetch();
  }, [userId, refetch]);

  const status = userId ? (query.data ?? UNSUBSCRIBED) : UNSUBSCRIBED;
  const loading = userId !== null && query.isPending;

  const value = useMemo<TSubscriptionContext>(
    () => ({ ...status, loading, refresh }),
    [status, loading, refresh],
  );

  return <SubscriptionContext.Provider value={value}>{children}</SubscriptionContext.Provider>;
}
