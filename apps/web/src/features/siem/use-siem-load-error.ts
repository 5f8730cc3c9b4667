import { SIEM_TEXT } from '@netguard/contracts';
import { useEffect } from 'react';
import { toast } from 'sonner';

const LOAD_ERROR_TOAST = 'siem-load-error';

/** The spec's destructive toast when the page's data cannot be read (one toast, not a stack). */
export function useSiemLoadError(error: unknown): void {
  const failed = Boolean(error);
  useEffect(() => {
    if (failed) toast.error('Error', { id: LOAD_ERROR_TOAST, description: SIEM_TEXT.loadFailed });
  }, [failed]);
}
