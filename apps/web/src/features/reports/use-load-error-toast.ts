import { REPORT_TEXT } from '@netguard/contracts';
import { useEffect } from 'react';
import { toast } from 'sonner';
import { errorMessage } from '@/lib/api-client';

/** One toast id: a list that keeps failing while it polls updates one toast, not a stack. */
const LOAD_ERROR_TOAST = 'reports-load-error';

/** Shows "Error loading reports" with the server's message when the list fails to load. */
export function useLoadErrorToast(error: unknown): void {
  useEffect(() => {
    if (error) {
      toast.error(REPORT_TEXT.errorLoading, {
        id: LOAD_ERROR_TOAST,
        description: errorMessage(error),
      });
    }
  }, [error]);
}
