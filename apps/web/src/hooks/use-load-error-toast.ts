import { useEffect } from 'react';
import { toast } from 'sonner';

/**
 * The spec's destructive "Error" toast when a page's data cannot be read: one toast per `id`,
 * not a stack of them while the query retries.
 */
export function useLoadErrorToast(error: unknown, id: string, description: string): void {
  const failed = Boolean(error);
  useEffect(() => {
    if (failed) toast.error('Error', { id, description });
  }, [failed, id, description]);
}
