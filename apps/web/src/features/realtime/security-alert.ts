import type { TRealtimeSecurityAlert } from '@netguard/contracts';
import type { QueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import type { TAuthState } from '@/features/auth/session-store';
import { incidentKeys } from '@/features/incidents/api';

/** Where the toast's action leads. */
export const SECURITY_CENTER_PATH = '/dashboard/enterprise-security';

/**
 * The toast of a critical security event, for admins only (the server sends it to admins; a role
 * changed since the socket opened is checked again here). Incidents are read again too.
 */
export function showSecurityAlert(
  queryClient: QueryClient,
  alert: TRealtimeSecurityAlert,
  auth: TAuthState,
  navigate: (path: string) => void = (path) => window.location.assign(path),
): boolean {
  void queryClient.invalidateQueries({ queryKey: incidentKeys.all });
  if (auth.session?.user.role !== 'admin') return false;
  toast.error('Critical security alert', {
    id: `security-alert-${alert.event.id}`,
    description: `${alert.event.description} (${alert.event.event_type.replaceAll('_', ' ')})`,
    duration: 15_000,
    action: { label: 'Review', onClick: () => navigate(SECURITY_CENTER_PATH) },
  });
  return true;
}
