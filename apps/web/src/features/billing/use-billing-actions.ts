import { CHECKOUT_RECHECK_MS, CHECKOUT_RECHECK_WINDOW_MS, UI_TEXT } from '@netguard/contracts';
import { useMutation } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { toast } from 'sonner';
import { createCheckout, createPortal } from '@/features/billing/api';
import { startRecheck } from '@/features/billing/recheck';
import { useSubscription } from '@/features/subscription/subscription-context';
import { errorMessage } from '@/lib/api-client';

/** Opens a provider page in a new tab; where pop-ups are blocked, in this one. */
function openInNewTab(url: string) {
  const tab = window.open(url, '_blank');
  if (tab) tab.opener = null;
  else window.location.assign(url);
}

/**
 * Checkout and portal for the Billing page. Each opens its page in a new tab, then the
 * subscription is re-checked every 3 s for up to 30 s (spec part 1 §4, part 2 §9): the re-check
 * ends early once the change has arrived.
 */
export function useBillingActions() {
  const { refresh, subscribed, product_id, subscription_end } = useSubscription();
  const [rechecking, setRechecking] = useState(false);
  const stopRef = useRef<() => void>(undefined);
  const statusKey = `${subscribed}|${product_id}|${subscription_end}`;
  const current = useRef(statusKey);
  const startedAt = useRef(statusKey);
  current.current = statusKey;
  useEffect(() => () => stopRef.current?.(), []);
  useEffect(() => {
    if (statusKey !== startedAt.current) stopRef.current?.();
  }, [statusKey]);

  const recheck = useCallback(() => {
    stopRef.current?.();
    startedAt.current = current.current;
    setRechecking(true);
    stopRef.current = startRecheck(() => void refresh(), {
      everyMs: CHECKOUT_RECHECK_MS,
      forMs: CHECKOUT_RECHECK_WINDOW_MS,
      onDone: () => setRechecking(false),
    });
  }, [refresh]);

  const opened = ({ url }: { url: string }) => {
    openInNewTab(url);
    recheck();
  };
  const checkout = useMutation({
    mutationFn: createCheckout,
    onSuccess: opened,
    onError: (error) => toast.error(UI_TEXT.checkoutError, { description: errorMessage(error) }),
  });
  const portal = useMutation({
    mutationFn: createPortal,
    onSuccess: opened,
    onError: (error) => toast.error(UI_TEXT.portalError, { description: errorMessage(error) }),
  });

  return {
    startCheckout: (priceId: string) => checkout.mutate({ price_id: priceId }),
    openPortal: () => portal.mutate(),
    /** A checkout is being created: every plan button waits. */
    processing: checkout.isPending,
    openingPortal: portal.isPending,
    rechecking,
    recheck,
  };
}
