import { RISK_TEXT } from '@netguard/contracts';
import { useEffect } from 'react';
import { toast } from 'sonner';

/** One toast id: several reads failing together show one toast, not a stack. */
const LOAD_ERROR_TOAST = 'risk-load-error';

/**
 * Shows the spec's destructive toast (title "Error", "Failed to load AI risk scoring data") when
 * any read of the page fails; again only after the page has loaded since.
 */
export function useRiskLoadError(errors: readonly unknown[]): void {
  const failed = errors.some(Boolean);
  useEffect(() => {
    if (failed) toast.error('Error', { id: LOAD_ERROR_TOAST, description: RISK_TEXT.loadError });
  }, [failed]);
}
