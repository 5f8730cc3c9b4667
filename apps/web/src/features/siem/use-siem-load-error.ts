import { SIEM_TEXT } from '@netguard/contracts';
import { useLoadErrorToast } from '@/hooks/use-load-error-toast';

/** The spec's destructive toast when the page's data cannot be read (one toast, not a stack). */
export function useSiemLoadError(error: unknown): void {
  useLoadErrorToast(error, 'siem-load-error', SIEM_TEXT.loadFailed);
}
